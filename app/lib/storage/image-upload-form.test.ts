import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withImageUploadForm } from "./image-upload-form.server";
import { MAX_UPLOAD_BYTES } from "./storage.server";

// Temporary files go to a folder of this test's own, so what is left behind can be seen.
const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "lc-upload-form-"));
process.env.TMPDIR = temporary;
afterAll(() => fs.rmSync(temporary, { recursive: true, force: true }));

function uploadRequest(fields: Record<string, string | Blob>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, "my picture.png");
  }
  return new Request("http://localhost/api/uploads", { method: "POST", body: form });
}

const leftBehind = () => fs.readdirSync(temporary);

describe("reading an upload form", () => {
  it("keeps the fields and the file, whatever their order, and removes the file afterwards", async () => {
    const bytes = new Uint8Array(200_000).map((_, index) => index % 7);
    const request = uploadRequest({ file: new Blob([bytes]), target: "product" });
    const seen = await withImageUploadForm(request, async ({ fields, file, isTooLarge }) => {
      expect(leftBehind()).toHaveLength(1);
      return { target: fields.get("target"), name: file?.name, bytes: Buffer.from(await file!.content.arrayBuffer()), isTooLarge };
    });
    expect(seen).toMatchObject({ target: "product", name: "my picture.png", isTooLarge: false });
    expect(seen.bytes.equals(bytes)).toBe(true);
    expect(leftBehind()).toEqual([]);
  });

  it("refuses a file one byte over 5 MB, keeping nothing of it", async () => {
    const request = uploadRequest({ target: "logo", file: new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]) });
    const form = await withImageUploadForm(request, async (read) => read);
    expect(form.isTooLarge).toBe(true);
    expect(form.file).toBeNull();
    expect(leftBehind()).toEqual([]);
  });

  it("takes a file of exactly 5 MB", async () => {
    const request = uploadRequest({ target: "logo", file: new Blob([new Uint8Array(MAX_UPLOAD_BYTES)]) });
    const size = await withImageUploadForm(request, async ({ file, isTooLarge }) => ({ size: file?.content.size, isTooLarge }));
    expect(size).toEqual({ size: MAX_UPLOAD_BYTES, isTooLarge: false });
  });

  it("reads a body that is not a form, has no boundary, or is cut off as an empty form", async () => {
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nPNG...'));
        controller.error(new Error("the connection went away"));
      },
    });
    const requests = [
      new Request("http://localhost/api/uploads", { method: "POST", body: "target=logo", headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      new Request("http://localhost/api/uploads", { method: "POST", body: "--x--", headers: { "Content-Type": "multipart/form-data" } }),
      new Request("http://localhost/api/uploads", { method: "POST", body: cutOff, headers: { "Content-Type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit),
      new Request("http://localhost/api/uploads", { method: "POST", body: "garbage\r\n\r\n\0\0", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
    ];
    for (const request of requests) {
      const form = await withImageUploadForm(request, async (read) => read);
      expect(form).toMatchObject({ file: null, isTooLarge: false });
      expect(form.fields.size).toBe(0);
    }
    expect(leftBehind()).toEqual([]);
  });
});
