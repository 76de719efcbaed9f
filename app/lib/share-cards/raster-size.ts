// The pixel size a PNG, GIF or JPEG file declares, read from its header without
// decoding it; null when the header is not where it should be.

export type PixelSize = { width: number; height: number };

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function pngSize(bytes: Uint8Array): PixelSize | null {
  // Signature (8), IHDR length (4) and type (4), then width and height.
  if (bytes.byteLength < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20) };
}

function gifSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.byteLength < 10) return null;
  return { width: view(bytes).getUint16(6, true), height: view(bytes).getUint16(8, true) };
}

// Start-of-frame markers (C0–CF) except DHT (C4), JPG (C8) and DAC (CC).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): PixelSize | null {
  const data = view(bytes);
  let at = 2;
  while (at + 9 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { height: data.getUint16(at + 5), width: data.getUint16(at + 7) };
    at += 2 + data.getUint16(at + 2);
  }
  return null;
}

export function rasterSize(bytes: Uint8Array, kind: "png" | "gif" | "jpeg" | "webp"): PixelSize | null {
  if (kind === "png") return pngSize(bytes);
  if (kind === "gif") return gifSize(bytes);
  if (kind === "jpeg") return jpegSize(bytes);
  return null;
}
