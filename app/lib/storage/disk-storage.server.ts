import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { type Bucket, FileExistsError, isSafeLocation, type OpenedFile, type StorageBackend } from "./storage-backend";

/** Uploads in a folder of this machine: the embedded default (one machine). */
export class DiskStorage implements StorageBackend {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `folder ${root}`;
  }

  private fileOf(bucket: Bucket, key: string): string | null {
    return isSafeLocation(bucket, key) ? path.join(this.root, bucket, key) : null;
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK).catch(() => {
      throw new Error(`The uploads folder ${this.root} cannot be written to (UPLOADS_DIR).`);
    });
  }

  async create(bucket: Bucket, key: string, content: Blob): Promise<void> {
    const file = this.fileOf(bucket, key);
    if (!file) throw new Error(`Not a safe location: ${bucket}/${key}`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    let output: fs.WriteStream;
    try {
      output = await new Promise((resolve, reject) => {
        const stream = fs.createWriteStream(file, { flags: "wx" });
        stream.once("open", () => resolve(stream));
        stream.once("error", reject);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new FileExistsError(bucket, key);
      throw error;
    }
    try {
      await pipeline(Readable.fromWeb(content.stream() as NodeWebReadableStream<Uint8Array>), output);
    } catch (error) {
      // A half-written file would be served as if whole.
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  async open(bucket: Bucket, key: string): Promise<OpenedFile | null> {
    const file = this.fileOf(bucket, key);
    if (!file) return null;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, size: stat.size };
  }
}
