import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sniffImageKind } from "./file-types";
import { sanitizeSvg } from "./svg.server";
import { getStorage, storeImage, uploadKey } from "./storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lc-uploads-"));
process.env.UPLOADS_DIR = root;
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const text = (value: string) => new TextEncoder().encode(value);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("image uploads", () => {
  it("recognises images by their bytes, not their names", () => {
    expect(sniffImageKind(PNG)).toBe("png");
    expect(sniffImageKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageKind(text("GIF89a...."))).toBe("gif");
    expect(sniffImageKind(text("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageKind(text('<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(sniffImageKind(text("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffImageKind(text("MZ\x90\0 executable"))).toBeNull();
  });

  it("names the object path + timestamp + file name with underscores, keeping the real extension", async () => {
    expect(uploadKey("site-assets", "My Logo (final).png", 1700000000000)).toBe("site-assets/1700000000000_My_Logo_final.png");
    const stored = await storeImage({ bucket: "product_images", fileName: "cool shirt.gif", file: new Blob([PNG]) });
    expect(stored.key).toMatch(/^\d+_cool_shirt\.png$/);
    expect(stored.publicUrl).toBe(`/uploads/product_images/${stored.key}`);
    const opened = await getStorage().open("product_images", stored.key);
    expect(opened?.size).toBe(PNG.byteLength);
  });

  it("refuses non-images, empty files and files over 5 MB", async () => {
    await expect(storeImage({ bucket: "product_images", fileName: "x.png", file: new Blob([text("not an image")]) })).rejects.toThrow(/Only image files/);
    await expect(storeImage({ bucket: "product_images", fileName: "x.png", file: new Blob([new Uint8Array()]) })).rejects.toThrow(/select a file/);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG);
    await expect(storeImage({ bucket: "product_images", fileName: "x.png", file: new Blob([huge]) })).rejects.toThrow(/5 MB/);
  });

  it("strips script, handlers and external references from SVG before storing it", async () => {
    const evil = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
      <script>alert(2)</script><foreignObject><div>hi</div></foreignObject>
      <a href="javascript:alert(3)"><rect width="10" height="10" fill="url(#g)"/></a>
      <image href="https://tracker.example/p.png"/><use href="https://evil.example/x.svg#a"/><circle r="2" style="fill:url(https://x.example/a)"/>
    </svg>`;
    const stored = await storeImage({ bucket: "public", folder: "site-assets", fileName: "logo.svg", file: new Blob([text(evil)]) });
    const opened = await getStorage().open("public", stored.key);
    const saved = await readAll(opened!.stream);
    expect(saved).toContain("viewBox");
    expect(saved).toContain('<rect width="10" height="10" fill="url(#g)"');
    expect(saved).not.toMatch(/script|onload|alert|foreignObject|tracker|evil\.example|x\.example/);
    expect(sanitizeSvg('<svg><use href="#ok"/></svg>')).toContain('href="#ok"');
  });

  it("never lets a key escape its bucket", async () => {
    expect(await getStorage().open("public", "../../etc/passwd")).toBeNull();
  });
});
