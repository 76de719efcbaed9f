import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3 = { endpoint: string; bucket: string; env: Record<string, string>; close: () => Promise<void> };

/**
 * An S3-compatible server for tests (s3rver, from npm), with one empty bucket, in a
 * temporary folder. s3rver checks request signatures against its fixed key pair.
 */
export async function startTestS3(bucket = "launchcrew-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: "true", AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
