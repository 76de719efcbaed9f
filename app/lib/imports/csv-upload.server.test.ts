import { describe, expect, it } from "vitest";
import { readCsvUpload, type CsvRecord } from "./csv-upload.server";

function upload(csv: string): Request {
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "crew.csv");
  return new Request("http://localhost/admin/waitlist-emails", { method: "POST", body: form });
}

async function readAll(request: Request, startAfterMs = 0): Promise<CsvRecord[]> {
  return readCsvUpload(request, async ({ records }) => {
    // A reader busy elsewhere first (the check writes its import row before reading).
    await new Promise((resolve) => setTimeout(resolve, startAfterMs));
    const all: CsvRecord[] = [];
    for await (const record of records) all.push(record);
    return all;
  });
}

describe("reading an uploaded CSV", () => {
  it("streams records with their line numbers, quoted fields across lines included", async () => {
    expect(await readAll(upload('Email,Notes\r\na@example.com,"two\nlines"\r\n\r\nb@example.com,\r\n'))).toEqual([
      { line: 1, cells: ["Email", "Notes"] },
      { line: 3, cells: ["a@example.com", "two\nlines"] },
      { line: 5, cells: ["b@example.com", ""] },
    ]);
  });

  it("refuses a file broken on its first line with the reader's message, even when reading starts late (no crash)", async () => {
    await expect(readAll(upload('a,"b"c\n'), 100)).rejects.toMatchObject({ status: 400, userMessage: "This file is not CSV we can read (near line 1)." });
    await expect(readAll(upload('x,"open\n'), 100)).rejects.toMatchObject({ status: 400, userMessage: expect.stringMatching(/^This file is not CSV we can read/) });
  });
});
