// A 5 MB image upload into S3-compatible object storage, through the upload route's own
// path (the multipart body read by image-upload-form.server.ts, stored by storeImage), with
// this process's RSS sampled every 10 ms. The store is s3rver in a child process, so its
// memory is not counted; the body is generated as it is sent, so the bench never holds it.
//   npx tsx bench/upload-memory.ts            (BENCH_UPLOADS=10 for ten in a row)
// Target (issue 40): one 5 MB upload keeps RSS within +20 MB (streamed, not buffered twice).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { freePort } from "../tests/e2e/free-port";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1);
const SIZE = 5 * 1024 * 1024;
const BOUNDARY = "----launchcrewbenchupload";
const BUCKET = "launchcrew-bench";
const mib = (n: number) => (n / 1024 / 1024).toFixed(1);

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-bench-s3-"));
const port = await freePort();
const s3rver = spawn(process.execPath, ["node_modules/s3rver/bin/s3rver.js", "-d", directory, "-a", "127.0.0.1", "-p", String(port), "-s", "--configure-bucket", BUCKET], { stdio: "ignore" });
Object.assign(process.env, {
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_FORCE_PATH_STYLE: "true",
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
  DATABASE_URL: "postgres://the-upload-path-needs-no-database.invalid/none",
});

/** A PNG header and zeros up to 5 MB, in 64 KB pieces made as they are read. */
function uploadBody(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let sent = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  return new ReadableStream({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="target"\r\n\r\nproduct\r\n`));
        controller.enqueue(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`));
        controller.enqueue(png);
        sent = png.byteLength;
        stage = "file";
      } else if (stage === "file") {
        const piece = Math.min(64 * 1024, SIZE - sent);
        controller.enqueue(new Uint8Array(piece));
        sent += piece;
        if (sent >= SIZE) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
        stage = "done";
      } else controller.close();
    },
  });
}

const { withImageUploadForm } = await import("../app/lib/storage/image-upload-form.server");
const { getStorage, storeImage } = await import("../app/lib/storage/storage.server");

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
try {
  // The store answers, and the SDK's first request (its lazy set-up) is out of the figure.
  for (let attempt = 0; ; attempt++) {
    try {
      await getStorage().check();
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  collectGarbage();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  for (let index = 0; index < UPLOADS; index++) {
    const request = new Request("http://localhost/api/uploads", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: uploadBody(),
      duplex: "half",
    } as RequestInit);
    const stored = await withImageUploadForm(request, async ({ fields, file }) => {
      if (fields.get("target") !== "product" || !file) throw new Error("the form was not read");
      return storeImage({ bucket: "product_images", fileName: file.name, file: file.content });
    });
    const opened = await getStorage().open(stored.bucket, stored.key);
    await opened?.stream.cancel();
    if (opened?.size !== SIZE) throw new Error(`stored ${opened?.size} bytes, not ${SIZE}`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${UPLOADS} upload(s) of ${mib(SIZE)} MiB to S3 (s3rver) in ${seconds.toFixed(2)} s: ` +
      `RSS baseline ${mib(baseline)} MiB, peak ${mib(peak)} MiB, growth +${mib(peak - baseline)} MiB (target: +20 MiB for one)`,
  );
} finally {
  s3rver.kill();
  fs.rmSync(directory, { recursive: true, force: true });
}
