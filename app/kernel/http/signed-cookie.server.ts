import { createHmac } from "node:crypto";
import { isSameSecret } from "../crypto/same-secret.server";
import { parse, serialize, type ParseOptions, type SerializeOptions } from "cookie";
import type { Cookie } from "react-router";

export type SignedCookieOptions = ParseOptions & SerializeOptions & { secrets: string[] };

/**
 * React Router's signed cookie (same name, value format and signature, so cookies either
 * one wrote read in the other), signed with node:crypto's HMAC instead of WebCrypto:
 * WebCrypto costs about 60 µs of the event loop a signature, and a launch-spike sign-up
 * reads one signed cookie and writes another (ADR 0038). Signs with the first secret and
 * accepts any of them, so a secret can be rotated.
 */
export function createSignedCookie(name: string, { secrets, ...cookieOptions }: SignedCookieOptions): Cookie {
  if (secrets.length === 0) throw new Error(`signed cookie ${name} needs a secret`);
  const options: ParseOptions & SerializeOptions = { path: "/", sameSite: "lax", ...cookieOptions };
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return typeof options.maxAge === "number" ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader, { ...options, ...parseOptions });
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      const payload = unsign(value, secrets);
      return payload === null ? null : decodePayload(payload);
    },
    async serialize(value, serializeOptions) {
      const encoded = value === "" ? "" : sign(encodePayload(value), secrets[0]!);
      return serialize(name, encoded, { ...options, ...serializeOptions });
    },
  };
}

function signatureOf(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64").replace(/=+$/, "");
}

function sign(payload: string, secret: string): string {
  return `${payload}.${signatureOf(payload, secret)}`;
}

function unsign(signed: string, secrets: string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const payload = signed.slice(0, dot);
  const given = signed.slice(dot + 1);
  for (const secret of secrets) {
    if (isSameSecret(given, signatureOf(payload, secret))) return payload;
  }
  return null;
}

// Base64 of the value's JSON in UTF-8: what React Router's encodeData produces.
function encodePayload(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

function decodePayload(payload: string): unknown {
  try {
    return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as unknown;
  } catch {
    return {};
  }
}
