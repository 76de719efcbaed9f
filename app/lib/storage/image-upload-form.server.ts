import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { MAX_UPLOAD_BYTES } from "./storage.server";

export type ImageUploadForm = {
  fields: ReadonlyMap<string, string>;
  /** The `file` field, backed by a temporary file: it is never held in memory whole. */
  file: { name: string; content: Blob } | null;
  /** The file went past MAX_UPLOAD_BYTES: nothing of it was kept. */
  isTooLarge: boolean;
};

const EMPTY_FORM: ImageUploadForm = { fields: new Map(), file: null, isTooLarge: false };

/**
 * Reads a multipart upload as it arrives: the `file` field goes to a temporary file and
 * stops one byte past 5 MB; small fields are kept. An unreadable body (not a form, cut
 * off, over the body limit) reads as an empty form, so the route answers "select a file"
 * with a 400. The temporary file is gone once `consume` returns.
 */
export async function withImageUploadForm<T>(request: Request, consume: (form: ImageUploadForm) => Promise<T>): Promise<T> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return consume(EMPTY_FORM);
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "launchcrew-upload-"));
  try {
    return await consume(await readInto(folder, contentType, request.body as NodeWebReadableStream<Uint8Array>));
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

async function readInto(folder: string, contentType: string, body: NodeWebReadableStream<Uint8Array>): Promise<ImageUploadForm> {
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 10, fieldSize: 1024, parts: 20 } });
  } catch {
    return EMPTY_FORM; // no boundary
  }
  const fields = new Map<string, string>();
  const target = path.join(folder, "upload");
  let written: Promise<{ name: string } | null> = Promise.resolve(null);
  let isTooLarge = false;
  busboy.on("field", (name, value) => fields.set(name, value));
  busboy.on("file", (name, stream, info) => {
    if (name !== "file") {
      stream.resume();
      return;
    }
    // Busboy stops the file at the limit (a file of exactly the limit counts as cut off,
    // hence one byte over 5 MB); what came before is removed below.
    stream.on("limit", () => (isTooLarge = true));
    written = pipeline(stream, fs.createWriteStream(target)).then(() => ({ name: info.filename ?? "" }));
    written.catch(() => undefined); // awaited below, once the body is read
  });
  try {
    await pipeline(Readable.fromWeb(body), busboy);
  } catch {
    await written.catch(() => undefined);
    return EMPTY_FORM;
  }
  const file = await written;
  if (isTooLarge) {
    await fs.promises.rm(target, { force: true });
    return { fields, file: null, isTooLarge };
  }
  return { fields, file: file && { name: file.name, content: await fs.openAsBlob(target) }, isTooLarge };
}
