import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { CsvError, parse } from "csv-parse";
import { AppError } from "../../kernel/errors";

/** Far above 100,000 lines of the export's columns (about 10 MB). */
export const MAX_IMPORT_FILE_BYTES = 32 * 1024 * 1024;
export const MAX_IMPORT_LINES = 200_000;
/** One line of the file: a pasted essay in a cell is refused, not buffered. */
const MAX_RECORD_BYTES = 64 * 1024;

export const IMPORT_NO_FILE_MESSAGE = "Choose a CSV file to import.";
export const IMPORT_TOO_LARGE_MESSAGE = "This file is larger than 32 MB. Split it and import each part.";
export const IMPORT_TOO_MANY_LINES_MESSAGE = `This file has more than ${MAX_IMPORT_LINES.toLocaleString("en-US")} lines. Split it and import each part.`;

export type CsvRecord = { line: number; cells: string[] };
export type CsvUpload = { fileName: string; records: AsyncIterable<CsvRecord> };

function unreadable(line: number | undefined): AppError {
  return new AppError("INVALID_INPUT", `This file is not CSV we can read${line ? ` (near line ${line})` : ""}.`);
}

async function* recordsOf(parser: AsyncIterable<{ record: string[]; info: { lines: number } }>): AsyncIterable<CsvRecord> {
  try {
    for await (const { record, info } of parser) yield { line: info.lines, cells: record };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) throw unreadable((error as CsvError & { lines?: number }).lines);
    throw error;
  }
}

/**
 * Reads the `file` field of a multipart upload as CSV records, streaming: neither the
 * body nor the file is ever held whole in memory. `consume` sees the records as they
 * arrive; whatever it leaves unread is drained. UTF-8 with or without a byte-order mark,
 * comma separated, quoted fields may span lines.
 */
export async function readCsvUpload<T>(request: Request, consume: (upload: CsvUpload) => Promise<T>): Promise<T> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw new AppError("INVALID_INPUT", IMPORT_NO_FILE_MESSAGE);
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: MAX_IMPORT_FILE_BYTES, fields: 20, fieldSize: 1024, parts: 30 } });
  } catch {
    throw new AppError("INVALID_INPUT", IMPORT_NO_FILE_MESSAGE);
  }
  const body = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  const file = new Promise<{ stream: Readable; fileName: string }>((resolve, reject) => {
    busboy.on("file", (field, stream, info) => {
      if (field !== "file") {
        stream.resume();
        return;
      }
      resolve({ stream, fileName: info.filename ?? "" });
    });
    busboy.on("close", () => reject(new AppError("INVALID_INPUT", IMPORT_NO_FILE_MESSAGE)));
    busboy.on("error", () => reject(new AppError("INVALID_INPUT", IMPORT_NO_FILE_MESSAGE)));
    body.on("error", reject);
  });
  body.pipe(busboy);
  const { stream, fileName } = await file;
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES, info: true });
  // The parser may fail before `consume` starts reading (while it awaits the database):
  // an 'error' event without a listener would crash the process. The error stays on the
  // destroyed parser, and reading it throws it.
  parser.on("error", () => undefined);
  stream.on("limit", () => parser.destroy(new AppError("INVALID_INPUT", IMPORT_TOO_LARGE_MESSAGE)));
  stream.on("error", (error) => parser.destroy(error));
  stream.pipe(parser);
  try {
    return await consume({ fileName, records: recordsOf(parser) });
  } finally {
    // Whatever was not read (an early refusal) is read and dropped, so the answer can go out.
    stream.unpipe(parser);
    parser.destroy();
    stream.resume();
  }
}
