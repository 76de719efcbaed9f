import { afterAll, describe, expect, it } from "vitest";
import { startTestS3 } from "../../tests/s3-server";

// The public address of an upload answers the same whichever machine stored it: here the
// bytes live in an S3-compatible bucket, not on this machine's disk.
const s3 = await startTestS3();
Object.assign(process.env, s3.env);
const { loader } = await import("./uploads");
const { storeImage } = await import("~/lib/storage/storage.server");
let isClosed = false;
afterAll(async () => {
  if (!isClosed) await s3.close();
});

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

async function get(url: string): Promise<Response> {
  const [bucket = "", ...key] = url.replace(/^\/uploads\//, "").split("/");
  const request = new Request(`http://localhost${url}`);
  try {
    return (await loader({ request, params: { bucket, "*": key.join("/") }, context: {} } as never)) as Response;
  } catch (thrown) {
    const init = (thrown as { init?: ResponseInit }).init;
    return new Response(null, { status: init?.status ?? 500, headers: init?.headers });
  }
}

describe("an upload's public address, served from object storage", () => {
  it("streams the bytes with their type, length, cache time and no sniffing", async () => {
    const stored = await storeImage({ bucket: "product_images", fileName: "team shirt.png", file: new Blob([PNG]) });
    const response = await get(stored.publicUrl);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.byteLength),
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("serves an uploaded SVG sanitised and sandboxed", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="1" height="1"/></svg>';
    const stored = await storeImage({ bucket: "public", folder: "site-assets", fileName: "logo.svg", file: new Blob([svg]) });
    const response = await get(stored.publicUrl);
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    const body = await response.text();
    expect(body).toContain("<rect");
    expect(body).not.toMatch(/alert|script|onload/);
  });

  it("answers 404 for a missing file, an unknown bucket or a path that leaves its bucket", async () => {
    for (const url of ["/uploads/product_images/0_missing.png", "/uploads/secrets/a.png", "/uploads/public/../product_images/a.png", "/uploads/public/a//b.png"]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("answers 503 with Retry-After while the store is down, and refuses new uploads", async () => {
    const stored = await storeImage({ bucket: "product_images", fileName: "before.png", file: new Blob([PNG]) });
    await s3.close();
    isClosed = true;
    const response = await get(stored.publicUrl);
    expect({ status: response.status, retryAfter: response.headers.get("retry-after") }).toEqual({ status: 503, retryAfter: "30" });
    await expect(storeImage({ bucket: "product_images", fileName: "during.png", file: new Blob([PNG]) })).rejects.toThrow();
  });
});
