import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../../kernel/env.server";

const processSecrets = globalThis as unknown as { launchcrewLocalSecrets?: Map<string, string> };
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
  return resolveLocalSecret(env, "auth-secret", () => randomBytes(32).toString("hex"));
}

/**
 * A secret of local mail mode, created once and kept in `<PGLITE_DIR>/../<name>` so it
 * survives restarts; with an in-memory database it lasts as long as the process (and so
 * does everything it protects). Used for the auth secret and the shipping-address key.
 */
export function resolveLocalSecret(env: Env, name: string, create: () => string): string {
  if (env.PGLITE_DIR.includes("://")) {
    // An in-memory database lasts as long as the process, and so does its secret: one for
    // everything that signs with it (a confirmation link made at sign-up must verify later).
    processSecrets.launchcrewLocalSecrets ??= new Map();
    let secret = processSecrets.launchcrewLocalSecrets.get(name);
    if (secret === undefined) {
      secret = create();
      processSecrets.launchcrewLocalSecrets.set(name, secret);
    }
    return secret;
  }
  const file = path.resolve(env.PGLITE_DIR, "..", name);
  let secret = secretsByFile.get(file);
  if (secret === undefined) {
    secret = readOrCreateSecret(file, create);
    secretsByFile.set(file, secret);
  }
  return secret;
}

function readOrCreateSecret(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = create();
  try {
    // "wx": when several workers start at once, the first one's secret wins and the others read it.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
  return secret;
}
