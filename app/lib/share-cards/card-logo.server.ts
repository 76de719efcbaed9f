import { createHash } from "node:crypto";
import { log } from "../../kernel/log.server";
import { type Bucket, isSafeLocation } from "../storage/storage-backend";
import { getStorage, PUBLIC_UPLOAD_PREFIX } from "../storage/storage.server";
import { IMAGE_TYPES, sniffImageKind, type ImageKind } from "../storage/file-types";
import { rasterSize } from "./raster-size";

// The admin's logo on a card, only when it is a file uploaded here: a card is drawn on
// request, and fetching a third-party URL then would tell that site which member's link
// is being shared. Anything else (the default logo, an external URL, a file we cannot
// draw) gets the built-in mark with the site name.

export type CardLogo = { src: string; identity: string };

const DRAWABLE: readonly ImageKind[] = ["png", "jpeg", "gif", "svg"];
const MAX_LOGO_BYTES = 1024 * 1024;
// A small file can still decode to gigabytes of pixels.
const MAX_LOGO_SIDE = 4096;

function uploadedFileOf(logoUrl: string): { bucket: Bucket; key: string } | null {
  const prefix = `${PUBLIC_UPLOAD_PREFIX}/`;
  if (!logoUrl.startsWith(prefix)) return null;
  const [bucket = "", ...rest] = logoUrl.slice(prefix.length).split("/");
  const key = rest.join("/");
  return isSafeLocation(bucket, key) ? { bucket, key } : null;
}

async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) return null;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks);
}

async function readCardLogo(logoUrl: string): Promise<CardLogo | null> {
  const file = uploadedFileOf(logoUrl);
  if (!file) return null;
  const opened = await getStorage().open(file.bucket, file.key);
  if (!opened || opened.size > MAX_LOGO_BYTES) {
    await opened?.stream.cancel().catch(() => {});
    return null;
  }
  const bytes = await readAtMost(opened.stream, MAX_LOGO_BYTES);
  const kind = bytes && sniffImageKind(bytes);
  if (!bytes || !kind || !DRAWABLE.includes(kind)) return null;
  if (kind !== "svg") {
    const size = rasterSize(bytes, kind);
    if (!size || size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE) return null;
  }
  return {
    src: `data:${IMAGE_TYPES[kind].mime};base64,${Buffer.from(bytes).toString("base64")}`,
    identity: createHash("sha256").update(bytes).digest("hex").slice(0, 16),
  };
}

// Uploaded files are never overwritten (a new upload gets a new name), so a URL's
// answer can be kept. Only the current logo is looked up, so a handful is plenty.
const remembered = new Map<string, Promise<CardLogo | null>>();
const REMEMBERED_LOGOS = 8;

/** The logo to draw for the `brandLogoUrl` setting, or null for the built-in mark. */
export async function getCardLogo(logoUrl: string): Promise<CardLogo | null> {
  let logo = remembered.get(logoUrl);
  if (!logo) {
    if (remembered.size >= REMEMBERED_LOGOS) remembered.clear();
    logo = readCardLogo(logoUrl);
    remembered.set(logoUrl, logo);
  }
  try {
    return await logo;
  } catch (error) {
    // A failed read (disk trouble) is tried again next time; this card gets the built-in mark.
    remembered.delete(logoUrl);
    log.warn("share card: the uploaded logo could not be read", { reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
