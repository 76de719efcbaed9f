import path from "node:path";
import { z } from "zod";
import { AppError } from "../../kernel/errors";
import { getEnv } from "../../kernel/env.server";
import { DiskStorage } from "./disk-storage.server";
import { IMAGE_TYPES, sniffImageKind, type ImageKind } from "./file-types";
import { S3Storage } from "./s3-storage.server";
import { type Bucket, FileExistsError, type StorageBackend } from "./storage-backend";
import { sanitizeSvg } from "./svg.server";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = "The file is larger than 5 MB.";
export const UPLOAD_MISSING_MESSAGE = "Please select a file to upload.";
export const UPLOAD_CACHE_SECONDS = 3600;
/** When the store does not answer: long enough for a restarted store to be back. */
export const STORAGE_RETRY_SECONDS = 30;
export const PUBLIC_UPLOAD_PREFIX = "/uploads";
/** What the type sniffer reads: an SVG may open with a long prolog. */
const SNIFF_BYTES = 4096;

export type StoredFile = { bucket: Bucket; key: string; publicUrl: string; kind: ImageKind };

let backend: StorageBackend | undefined;

/** The one storage of this process: the shared S3 bucket when S3_BUCKET is set, else UPLOADS_DIR. */
export function getStorage(): StorageBackend {
  if (backend) return backend;
  const env = getEnv();
  backend = env.S3_BUCKET
    ? new S3Storage({ bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.AWS_REGION, forcePathStyle: env.S3_FORCE_PATH_STYLE })
    : new DiskStorage(path.resolve(env.UPLOADS_DIR));
  return backend;
}

/** The same address on every machine, whichever backend holds the bytes (ADR 0070). */
export function publicUrlOf(bucket: Bucket, key: string): string {
  return `${PUBLIC_UPLOAD_PREFIX}/${bucket}/${key}`;
}

/** Spec §7: path + timestamp + file name with spaces turned to underscores. */
export function uploadKey(folder: string, fileName: string, now = Date.now()): string {
  const base = path.basename(fileName).replace(/\s+/g, "_").replace(/[^\w.-]/g, "").replace(/^\.+/, "") || "file";
  const prefix = folder.replace(/^\/+|\/+$/g, "");
  return `${prefix ? `${prefix}/` : ""}${now}_${base}`;
}

function withExtension(key: string, kind: ImageKind): string {
  const extension = IMAGE_TYPES[kind].extension;
  const stem = key.replace(/\.[A-Za-z0-9]+$/, "");
  return `${stem}.${extension}`;
}

type UploadRequest = { bucket: Bucket; folder?: string; fileName: string; file: Blob; allowed?: readonly ImageKind[] };

/**
 * Stores one image after checking its real type and size; SVG is sanitised first. The
 * file is streamed to storage (it may be a Blob backed by a file on disk), never held whole.
 */
export async function storeImage({ bucket, folder = "", fileName, file, allowed }: UploadRequest): Promise<StoredFile> {
  if (file.size === 0) throw new AppError("INVALID_INPUT", UPLOAD_MISSING_MESSAGE);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError("INVALID_INPUT", UPLOAD_TOO_LARGE_MESSAGE);
  const kind = sniffImageKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  const accepted = allowed ?? (Object.keys(IMAGE_TYPES) as ImageKind[]);
  if (!kind || !accepted.includes(kind)) {
    const names = accepted.map((type) => IMAGE_TYPES[type].extension.toUpperCase()).join(", ");
    throw new AppError("INVALID_INPUT", `Only image files can be uploaded (${names}).`);
  }
  let content = file;
  if (kind === "svg") {
    const clean = sanitizeSvg(await file.text());
    if (!/^<svg[\s>]/i.test(clean)) throw new AppError("INVALID_INPUT", "This SVG file could not be read.");
    content = new Blob([clean]);
  }
  const key = withExtension(uploadKey(folder, fileName), kind);
  try {
    await getStorage().create(bucket, key, content, IMAGE_TYPES[kind].mime);
  } catch (error) {
    if (error instanceof FileExistsError) throw new AppError("CONFLICT", "A file with this name was just uploaded. Please try again.");
    throw error;
  }
  return { bucket, key, publicUrl: publicUrlOf(bucket, key), kind };
}

/** Stored keys always end in the sniffed type's extension (see `withExtension`). */
export function contentTypeOf(key: string): string {
  const extension = key.split(".").pop();
  return Object.values(IMAGE_TYPES).find((type) => type.extension === extension)?.mime ?? "application/octet-stream";
}

// What each admin screen may upload where (spec §5: logos png/jpg/gif/svg; other images also webp).
export const UPLOAD_TARGETS = {
  logo: { bucket: "public", folder: "site-assets", allowed: ["png", "jpeg", "gif", "svg"] },
  product: { bucket: "product_images", folder: "", allowed: undefined },
  "video-thumbnail": { bucket: "video_thumbnails", folder: "", allowed: undefined },
  "social-image": { bucket: "social_sharing_images", folder: "", allowed: undefined },
} as const satisfies Record<string, { bucket: Bucket; folder: string; allowed: readonly ImageKind[] | undefined }>;

export const UploadTargetSchema = z.enum(["logo", "product", "video-thumbnail", "social-image"]);
