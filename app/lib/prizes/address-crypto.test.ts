import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../kernel/env.server";
import { decryptAddressText, encryptAddressText, resolveShippingAddressKey } from "./address-crypto.server";

const KEY = randomBytes(32);
const CONTEXT = "prize-claim:2026-10-01:member-1";

describe("shipping address encryption", () => {
  it("round-trips, with a fresh IV each time", () => {
    const first = encryptAddressText("12 Comet Lane, Springfield", KEY, CONTEXT);
    const second = encryptAddressText("12 Comet Lane, Springfield", KEY, CONTEXT);
    expect(first).not.toBe(second);
    expect(first).not.toContain("Comet");
    expect(decryptAddressText(first, KEY, CONTEXT)).toBe("12 Comet Lane, Springfield");
    expect(decryptAddressText(second, KEY, CONTEXT)).toBe("12 Comet Lane, Springfield");
  });

  it("detects a changed ciphertext, tag or IV, another claim's row and another key", () => {
    const stored = encryptAddressText("12 Comet Lane", KEY, CONTEXT);
    const [version, iv, tag, ciphertext] = stored.split(".") as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, "base64url");
      bytes[0]! ^= 1;
      return bytes.toString("base64url");
    };
    expect(() => decryptAddressText([version, iv, tag, flip(ciphertext)].join("."), KEY, CONTEXT)).toThrow();
    expect(() => decryptAddressText([version, iv, flip(tag), ciphertext].join("."), KEY, CONTEXT)).toThrow();
    expect(() => decryptAddressText([version, flip(iv), tag, ciphertext].join("."), KEY, CONTEXT)).toThrow();
    expect(() => decryptAddressText(stored, KEY, "prize-claim:2026-10-01:member-2")).toThrow();
    expect(() => decryptAddressText(stored, randomBytes(32), CONTEXT)).toThrow();
    expect(() => decryptAddressText("12 Comet Lane", KEY, CONTEXT)).toThrow();
  });
});

describe("the shipping address key", () => {
  it("is required with SMTP, with a clear message", () => {
    const env = parseEnv({ SMTP_URL: "smtp://mail.example:587" });
    expect(() => resolveShippingAddressKey(env)).toThrow(/SHIPPING_ADDRESS_KEY is required when SMTP_URL is set/);
  });

  it("must be 32 bytes in base64", () => {
    expect(() => parseEnv({ SHIPPING_ADDRESS_KEY: "short" })).toThrow(/SHIPPING_ADDRESS_KEY must be 32 bytes in base64/);
    const key = randomBytes(32).toString("base64");
    expect(resolveShippingAddressKey(parseEnv({ SMTP_URL: "smtp://mail.example:587", SHIPPING_ADDRESS_KEY: key })).toString("base64")).toBe(key);
  });

  it("is created once in local mail mode and kept next to the database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-key-"));
    try {
      const env = parseEnv({ PGLITE_DIR: path.join(dir, "pglite") });
      const key = resolveShippingAddressKey(env);
      expect(key.length).toBe(32);
      expect(fs.readFileSync(path.join(dir, "shipping-address-key"), "utf8")).toBe(key.toString("base64"));
      expect(resolveShippingAddressKey(env).equals(key)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
