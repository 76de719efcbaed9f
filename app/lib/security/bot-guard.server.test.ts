import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { solveBotChallenge } from "../../../tests/bot-challenge";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { BOT_CHALLENGE, createBotChallenge } from "./bot-challenge.server";
import {
  BOT_CHECK_EXPIRED_MESSAGE,
  BOT_CHECK_FAILED_MESSAGE,
  BOT_CHECK_REUSED_MESSAGE,
  guardAgainstBots,
  NO_JS_LIMITS,
} from "./bot-guard.server";

beforeEach(resetDatabase);
afterEach(() => vi.useRealTimers());

const CLIENT_IP = "203.0.113.7";

async function freshPayload(): Promise<string> {
  return solveBotChallenge(await createBotChallenge());
}

/** The AppError a guarded submission is refused with (fails when it passes). */
async function refusalOf(submission: Parameters<typeof guardAgainstBots>[0]): Promise<AppError> {
  const error = await guardAgainstBots(submission).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function usedChallenges(): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::integer as n from used_bot_challenges`);
  return Number(result.rows[0]?.n ?? 0);
}

async function rateLimitRows(): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::integer as n from rate_limits`);
  return Number(result.rows[0]?.n ?? 0);
}

/** A payload re-encoded after `change` edits its decoded JSON. */
function tampered(payload: string, change: (decoded: { challenge: { parameters: Record<string, unknown>; signature: string } }) => void): string {
  const decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  change(decoded);
  return Buffer.from(JSON.stringify(decoded)).toString("base64");
}

describe("a solved challenge", () => {
  it("signs an expiring challenge with our algorithm and cost", async () => {
    const challenge = await createBotChallenge();
    expect(challenge.parameters).toMatchObject({ algorithm: BOT_CHALLENGE.algorithm, cost: BOT_CHALLENGE.cost });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const secondsLeft = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(BOT_CHALLENGE.lifetimeSeconds - 5);
    expect(secondsLeft).toBeLessThanOrEqual(BOT_CHALLENGE.lifetimeSeconds);
  });

  it("is accepted once; the same payload again is refused", async () => {
    const altcha = await freshPayload();
    await expect(guardAgainstBots({ form: "join", altcha, clientIp: CLIENT_IP })).resolves.toBeUndefined();
    expect(await usedChallenges()).toBe(1);

    const replay = await refusalOf({ form: "sign-in", altcha, clientIp: "198.51.100.1" });
    expect(replay).toMatchObject({ code: "INVALID_INPUT", userMessage: BOT_CHECK_REUSED_MESSAGE, status: 400 });
    expect(await usedChallenges()).toBe(1);
  });

  it("is accepted once even when the same payload arrives many times at once", async () => {
    const altcha = await freshPayload();
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => guardAgainstBots({ form: "join", altcha, clientIp: CLIENT_IP })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await usedChallenges()).toBe(1);
  });

  it("does not need a rate-limit row: solved submissions skip the no-JavaScript limit", async () => {
    for (let index = 0; index < NO_JS_LIMITS.join.limit + 2; index++) {
      await guardAgainstBots({ form: "join", altcha: await freshPayload(), clientIp: CLIENT_IP });
    }
    expect(await rateLimitRows()).toBe(0);
  });
});

describe("a challenge that is not good", () => {
  it("is refused once it has expired, ten minutes after it was made", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const altcha = await freshPayload();
    vi.setSystemTime(Date.now() + (BOT_CHALLENGE.lifetimeSeconds + 1) * 1000);
    const refusal = await refusalOf({ form: "join", altcha, clientIp: CLIENT_IP });
    expect(refusal).toMatchObject({ code: "INVALID_INPUT", userMessage: BOT_CHECK_EXPIRED_MESSAGE });
    expect(await usedChallenges()).toBe(0);
  });

  it("is refused when signed with another secret (a forged challenge)", async () => {
    const forged = await createChallenge({
      algorithm: BOT_CHALLENGE.algorithm,
      cost: BOT_CHALLENGE.cost,
      counter: 10,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: "not-our-secret-not-our-secret-00",
      hmacKeySignatureSecret: "not-our-key-not-our-key-not-our-",
    });
    const refusal = await refusalOf({ form: "join", altcha: await solveBotChallenge(forged), clientIp: CLIENT_IP });
    expect(refusal).toMatchObject({ code: "INVALID_INPUT", userMessage: BOT_CHECK_FAILED_MESSAGE });
    expect(await usedChallenges()).toBe(0);
  });

  it("is refused when its signed parameters were changed (an easier cost, a later expiry)", async () => {
    const altcha = await freshPayload();
    for (const change of [
      (decoded: { challenge: { parameters: Record<string, unknown> } }) => (decoded.challenge.parameters.cost = 1),
      (decoded: { challenge: { parameters: Record<string, unknown> } }) => (decoded.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) + 86_400),
    ]) {
      const refusal = await refusalOf({ form: "join", altcha: tampered(altcha, change), clientIp: CLIENT_IP });
      expect(refusal.userMessage).toBe(BOT_CHECK_FAILED_MESSAGE);
    }
    expect(await usedChallenges()).toBe(0);
  });

  it("is refused with a wrong answer", async () => {
    const altcha = tampered(await freshPayload(), (decoded) => {
      const solution = (decoded as unknown as { solution: { counter: number; derivedKey: string } }).solution;
      solution.derivedKey = solution.derivedKey.replace(/^./, (digit) => (digit === "0" ? "1" : "0"));
    });
    expect((await refusalOf({ form: "join", altcha, clientIp: CLIENT_IP })).userMessage).toBe(BOT_CHECK_FAILED_MESSAGE);
  });

  it.each([
    ["not base64", "%%%%"],
    ["base64 of text", Buffer.from("hello").toString("base64")],
    ["an empty object", Buffer.from("{}").toString("base64")],
    ["the wrong shapes", Buffer.from(JSON.stringify({ challenge: { parameters: [], signature: 1 }, solution: "x" })).toString("base64")],
    ["a huge counter", Buffer.from(JSON.stringify({ challenge: { parameters: { algorithm: "PBKDF2/SHA-256", expiresAt: 9e9 }, signature: "a".repeat(64) }, solution: { counter: 1e300, derivedKey: "ab" } })).toString("base64")],
    ["the schema's oversized marker", "oversized"],
  ])("is refused, not an error, for %s", async (_, altcha) => {
    const refusal = await refusalOf({ form: "sign-in", altcha, clientIp: CLIENT_IP });
    expect(refusal).toMatchObject({ code: "INVALID_INPUT", userMessage: BOT_CHECK_FAILED_MESSAGE });
  });
});

describe("the honeypot", () => {
  it("refuses a filled honeypot with the form's usual failure, and changes nothing", async () => {
    const altcha = await freshPayload();
    const join = await refusalOf({ form: "join", altcha, website: "https://cheap-pills.example", clientIp: CLIENT_IP });
    expect(join).toMatchObject({ code: "INVALID_INPUT", status: 400, userMessage: "There was an issue signing you up. Please try again or contact support if this persists." });
    const signIn = await refusalOf({ form: "sign-in", website: "x", clientIp: CLIENT_IP });
    expect(signIn).toMatchObject({ code: "INVALID_INPUT", userMessage: "Could not send magic link. Please try again." });
    expect(await usedChallenges()).toBe(0);
    expect(await rateLimitRows()).toBe(0);
    // The payload was not spent by the refused submission.
    await expect(guardAgainstBots({ form: "join", altcha, website: "  ", clientIp: CLIENT_IP })).resolves.toBeUndefined();
  });
});

describe("a submission without a challenge (no JavaScript)", () => {
  it.each(["join", "sign-in"] as const)("%s: passes five times per network per hour, then is refused with 429", async (form) => {
    expect(NO_JS_LIMITS[form]).toEqual({ limit: 5, windowSeconds: 3600 });
    for (let index = 0; index < 5; index++) await guardAgainstBots({ form, clientIp: CLIENT_IP });
    const refusal = await refusalOf({ form, clientIp: CLIENT_IP });
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(refusal.userMessage).toMatch(/Please (try again in|wait) 60 minutes.*turn on JavaScript\.$/);
    // Another network, the other form, and a solved challenge from the same network still pass.
    await guardAgainstBots({ form, clientIp: "198.51.100.9" });
    await guardAgainstBots({ form: form === "join" ? "sign-in" : "join", clientIp: CLIENT_IP });
    await guardAgainstBots({ form, altcha: await freshPayload(), clientIp: CLIENT_IP });
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let index = 0; index < 5; index++) await guardAgainstBots({ form: "join", clientIp: `2001:db8:1:2::${index + 1}` });
    expect((await refusalOf({ form: "join", clientIp: "2001:db8:1:2:ffff::1" })).code).toBe("RATE_LIMITED");
  });
});
