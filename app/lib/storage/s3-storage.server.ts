import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { type Bucket, FileExistsError, isSafeLocation, type OpenedFile, type StorageBackend } from "./storage-backend";

export type S3Settings = { bucket: string; endpoint?: string | undefined; region: string; forcePathStyle: boolean };

/** A start-up check that hangs would hold the whole process: it gets this long. */
const CHECK_TIMEOUT_MS = 5_000;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 || (error instanceof Error && (error.name === "NoSuchKey" || error.name === "NotFound"));
}

/**
 * Uploads in one S3-compatible bucket that every machine shares (ADR 0070). Our four
 * buckets are prefixes in it. Credentials come from the SDK's usual places
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a machine role).
 */
export class S3Storage implements StorageBackend {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.description = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: a streamed upload then goes as one plain
      // body of known length, which every S3-compatible store reads.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A store that stops answering fails the request instead of holding it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
    });
  }

  private objectKey(bucket: Bucket, key: string): string | null {
    return isSafeLocation(bucket, key) ? `${bucket}/${key}` : null;
  }

  async check(): Promise<void> {
    const { bucket, endpoint } = this.settings;
    const where = `S3 bucket "${bucket}"${endpoint ? ` at ${endpoint}` : ""}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    } catch (error) {
      const status = statusOf(error);
      const trouble =
        status === 404 ? "does not exist"
        : status === 403 || status === 401 ? "refused these credentials (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)"
        : status === 301 || status === 400 ? "is in another region (check AWS_REGION)"
        : status === undefined ? `did not answer (${error instanceof Error ? error.message : String(error)})`
        : `answered ${status}`;
      throw new Error(`Uploads cannot be stored: the ${where} ${trouble}.`, { cause: error });
    }
  }

  async create(bucket: Bucket, key: string, content: Blob, contentType: string): Promise<void> {
    const objectKey = this.objectKey(bucket, key);
    if (!objectKey) throw new Error(`Not a safe location: ${bucket}/${key}`);
    const target = { Bucket: this.settings.bucket, Key: objectKey };
    // Asked first because some S3-compatible stores ignore If-None-Match on a write.
    const existing = await this.client.send(new HeadObjectCommand(target)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (existing) throw new FileExistsError(bucket, key);
    try {
      await this.client.send(
        new PutObjectCommand({
          ...target,
          Body: Readable.fromWeb(content.stream() as NodeWebReadableStream<Uint8Array>),
          ContentLength: content.size,
          ContentType: contentType,
          IfNoneMatch: "*",
        }),
      );
    } catch (error) {
      if (statusOf(error) === 412 || statusOf(error) === 409) throw new FileExistsError(bucket, key);
      throw error;
    }
  }

  async open(bucket: Bucket, key: string): Promise<OpenedFile | null> {
    const objectKey = this.objectKey(bucket, key);
    if (!objectKey) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: objectKey }));
      if (!object.Body) return null;
      return { stream: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}
