import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { z } from "zod";
import { AppError } from "../errors";
import { getEnv } from "../env.server";
import { IMAGE_TYPES, sniffImageKind, type ImageKind } from "./file-types";
import { sanitizeSvg } from "./svg.server";

/** Spec §3 buckets; logos go to the public bucket under site-assets/. */
export const BUCKETS = ["product_images", "video_thumbnails", "social_sharing_images", "public"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_CACHE_SECONDS = 3600;
export const PUBLIC_UPLOAD_PREFIX = "/uploads";

export type StoredFile = { bucket: Bucket; key: string; publicUrl: string; kind: ImageKind };

/**
 * Where bytes live. Local disk today; an S3-compatible backend would implement the
 * same three calls (see docs/decisions/0006-uploads-storage.md).
 */
export interface StorageBackend {
  /** Writes a new object; fails with EEXIST instead of replacing one. */
  create(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  open(bucket: Bucket, key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  publicUrl(bucket: Bucket, key: string): string;
}

function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && !key.split("/").some((part) => part === "" || part === "." || part === "..") && /^[\w./-]+$/.test(key);
}

export class LocalDiskStorage implements StorageBackend {
  constructor(private readonly root: string) {}

  private filePath(bucket: Bucket, key: string): string {
    if (!BUCKETS.includes(bucket) || !isSafeKey(key)) throw new AppError("INVALID_INPUT", "Invalid file path.");
    return path.join(this.root, bucket, key);
  }

  async create(bucket: Bucket, key: string, bytes: Uint8Array): Promise<void> {
    const file = this.filePath(bucket, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes, { flag: "wx" });
  }

  async open(bucket: Bucket, key: string) {
    let file: string;
    try {
      file = this.filePath(bucket, key);
    } catch {
      return null;
    }
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    return { stream, size: stat.size };
  }

  publicUrl(bucket: Bucket, key: string): string {
    return `${PUBLIC_UPLOAD_PREFIX}/${bucket}/${key}`;
  }
}

let backend: StorageBackend | undefined;

export function getStorage(): StorageBackend {
  backend ??= new LocalDiskStorage(path.resolve(getEnv().UPLOADS_DIR));
  return backend;
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

type UploadRequest = { bucket: Bucket; folder?: string; fileName: string; bytes: Uint8Array; allowed?: readonly ImageKind[] };

/** Stores one image after checking its real type and size; SVG is sanitised first. */
export async function storeImage({ bucket, folder = "", fileName, bytes, allowed }: UploadRequest): Promise<StoredFile> {
  if (bytes.byteLength === 0) throw new AppError("INVALID_INPUT", "Please select a file to upload.");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("INVALID_INPUT", "The file is larger than 5 MB.");
  const kind = sniffImageKind(bytes);
  const accepted = allowed ?? (Object.keys(IMAGE_TYPES) as ImageKind[]);
  if (!kind || !accepted.includes(kind)) {
    const names = accepted.map((type) => IMAGE_TYPES[type].extension.toUpperCase()).join(", ");
    throw new AppError("INVALID_INPUT", `Only image files can be uploaded (${names}).`);
  }
  let content = bytes;
  if (kind === "svg") {
    const clean = sanitizeSvg(new TextDecoder().decode(bytes));
    if (!/^<svg[\s>]/i.test(clean)) throw new AppError("INVALID_INPUT", "This SVG file could not be read.");
    content = new TextEncoder().encode(clean);
  }
  const storage = getStorage();
  const key = withExtension(uploadKey(folder, fileName), kind);
  try {
    await storage.create(bucket, key, content, IMAGE_TYPES[kind].mime);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AppError("CONFLICT", "A file with this name was just uploaded. Please try again.");
    throw error;
  }
  return { bucket, key, publicUrl: storage.publicUrl(bucket, key), kind };
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
