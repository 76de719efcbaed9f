import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env.server";

const processSecret = globalThis as unknown as { launchcrewAuthSecret?: string };
// Read once per file: a sign-up signs its confirmation link with it, and a disk read per
// request was a tenth of the sign-up's system calls in local mode.
const secretsByFile = new Map<string, string>();

/**
 * BETTER_AUTH_SECRET signs session cookies. A deployment (SMTP_URL set) must
 * provide it; local mode creates one under ./data so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (!env.isLocalMail) {
    throw new Error("BETTER_AUTH_SECRET is required when SMTP_URL is set (at least 32 characters).");
  }
  if (env.PGLITE_DIR.includes("://")) {
    // An in-memory database lasts as long as the process, and so does its secret: one for
    // everything that signs with it (a confirmation link made at sign-up must verify later).
    processSecret.launchcrewAuthSecret ??= randomBytes(32).toString("hex");
    return processSecret.launchcrewAuthSecret;
  }
  const file = path.resolve(env.PGLITE_DIR, "..", "auth-secret");
  let secret = secretsByFile.get(file);
  if (secret === undefined) {
    secret = readOrCreateSecret(file);
    secretsByFile.set(file, secret);
  }
  return secret;
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
