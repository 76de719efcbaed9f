import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../tests/s3-server";
import { DiskStorage } from "./disk-storage.server";
import { S3Storage } from "./s3-storage.server";
import { FileExistsError, type StorageBackend } from "./storage-backend";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lc-disk-storage-"));
let s3: TestS3;
let backends: Record<"disk" | "s3", StorageBackend>;

beforeAll(async () => {
  s3 = await startTestS3();
  process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = s3.env.AWS_SECRET_ACCESS_KEY;
  backends = {
    disk: new DiskStorage(folder),
    s3: new S3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true }),
  };
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const text = (value: string) => new Blob([value]);
const read = async (backend: StorageBackend, key: string) => {
  const opened = await backend.open("product_images", key);
  return opened && { size: opened.size, text: await new Response(opened.stream).text() };
};

describe.each(["disk", "s3"] as const)("uploads stored on %s", (name) => {
  const backend = () => backends[name];

  it("starts: the place it writes to answers", async () => {
    await expect(backend().check()).resolves.toBeUndefined();
  });

  it("gives back what was stored, byte for byte, with its size", async () => {
    const bytes = new Uint8Array(300_000).map((_, index) => index % 251);
    await backend().create("product_images", `${name}/bytes.png`, new Blob([bytes]), "image/png");
    const opened = await backend().open("product_images", `${name}/bytes.png`);
    expect(opened?.size).toBe(bytes.byteLength);
    expect(Buffer.from(await new Response(opened!.stream).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("never replaces a file: a second write of the same name fails and the first stays", async () => {
    await backend().create("product_images", `${name}/once.png`, text("first"), "image/png");
    await expect(backend().create("product_images", `${name}/once.png`, text("second"), "image/png")).rejects.toBeInstanceOf(FileExistsError);
    expect(await read(backend(), `${name}/once.png`)).toEqual({ size: 5, text: "first" });
  });

  it("keeps buckets apart: the same key in another bucket is another file", async () => {
    await backend().create("public", `${name}/shared.png`, text("public"), "image/png");
    expect(await read(backend(), `${name}/shared.png`)).toBeNull();
  });

  it("answers nothing for a missing file or a key that would leave its bucket", async () => {
    expect(await backend().open("product_images", `${name}/missing.png`)).toBeNull();
    for (const key of ["../../etc/passwd", "a/../../b", "", "a//b", "%2e%2e/x"]) expect(await backend().open("product_images", key)).toBeNull();
    await expect(backend().create("product_images", "../escape.png", text("x"), "image/png")).rejects.toThrow(/safe location/);
  });
});

describe("a store that cannot be used is named at start", () => {
  it("a bucket that does not exist", async () => {
    const missing = new S3Storage({ bucket: "no-such-bucket", endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true });
    await expect(missing.check()).rejects.toThrow(`the S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist`);
  });

  it("credentials it refuses", async () => {
    process.env.AWS_ACCESS_KEY_ID = "NOT-A-KEY";
    try {
      const refused = new S3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true });
      await expect(refused.check()).rejects.toThrow(/refused these credentials/);
    } finally {
      process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
    }
  });

  it("an endpoint that does not answer", async () => {
    const silent = new S3Storage({ bucket: s3.bucket, endpoint: "http://127.0.0.1:9", region: "us-east-1", forcePathStyle: true });
    await expect(silent.check()).rejects.toThrow(/did not answer/);
  });

  it("a folder that cannot be written", async () => {
    const file = path.join(folder, "a-file");
    fs.writeFileSync(file, "");
    await expect(new DiskStorage(path.join(file, "uploads")).check()).rejects.toThrow();
  });
});
