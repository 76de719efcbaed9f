/** Spec §3 buckets; logos go to the public bucket under site-assets/. */
export const BUCKETS = ["product_images", "video_thumbnails", "social_sharing_images", "public"] as const;
export type Bucket = (typeof BUCKETS)[number];

export type OpenedFile = { stream: ReadableStream<Uint8Array>; size: number };

/** `create` refuses to replace a file: a new upload always gets a new name. */
export class FileExistsError extends Error {
  constructor(bucket: Bucket, key: string) {
    super(`${bucket}/${key} already exists`);
    this.name = "FileExistsError";
  }
}

/**
 * Where uploaded bytes live: a folder on this machine, or an S3-compatible bucket that
 * every machine shares (ADR 0070). Every read and write of an upload goes through one.
 */
export interface StorageBackend {
  /** Where the files go, for the start-up log: never a secret. */
  readonly description: string;
  /** Fails with a message naming what is wrong (no bucket, no access, no answer). */
  check(): Promise<void>;
  /** Writes a new file, streamed from `content`; throws FileExistsError instead of replacing one. */
  create(bucket: Bucket, key: string, content: Blob, contentType: string): Promise<void>;
  /** The file, streamed, or null when there is none (or the location is not a safe one). */
  open(bucket: Bucket, key: string): Promise<OpenedFile | null>;
}

/** A key stays inside its bucket: no empty, `.` or `..` segment, only plain characters. */
export function isSafeLocation(bucket: string, key: string): bucket is Bucket {
  return (
    BUCKETS.includes(bucket as Bucket) &&
    key.length > 0 &&
    key.length <= 300 &&
    /^[\w./-]+$/.test(key) &&
    !key.split("/").some((part) => part === "" || part === "." || part === "..")
  );
}
