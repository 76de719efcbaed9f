import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { resolveLocalSecret } from "../auth/auth-secret.server";
import type { Env } from "../../kernel/env.server";

// Prize shipping addresses at rest (ADR 0043): AES-256-GCM with a random 96-bit IV per
// value and the claim it belongs to as associated data, so a ciphertext copied onto
// another winner's row does not decrypt. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key: SHIPPING_ADDRESS_KEY (32 bytes, base64). A deployment (SMTP_URL set) must
 * provide it; local mail mode creates one next to the PGlite directory, as it does the
 * auth secret, so `npm start` works on a fresh machine.
 */
export function resolveShippingAddressKey(env: Env): Buffer {
  if (env.SHIPPING_ADDRESS_KEY) return Buffer.from(env.SHIPPING_ADDRESS_KEY, "base64");
  if (!env.isLocalMail) {
    throw new Error("SHIPPING_ADDRESS_KEY is required when SMTP_URL is set: 32 random bytes in base64 (openssl rand -base64 32). It encrypts prize shipping addresses.");
  }
  return Buffer.from(resolveLocalSecret(env, "shipping-address-key", () => randomBytes(32).toString("base64")), "base64");
}

export function encryptAddressText(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** The plaintext; throws when the value was changed, belongs to another context, or the key differs. */
export function decryptAddressText(stored: string, key: Buffer, context: string): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) throw new Error("not an encrypted address");
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error("not an encrypted address");
  const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
