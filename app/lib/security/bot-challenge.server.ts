import { createHmac, randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { resolveAuthSecret } from "../auth/auth-secret.server";
import { getEnv } from "../../kernel/env.server";
import { BOT_CHALLENGE_ALGORITHM } from "./bot-challenge";

/**
 * The proof of work a form asks of the browser (ALTCHA, ADR 0013). Each attempt is one
 * PBKDF2/SHA-256 derivation of `cost` iterations; the answer is the attempt number the
 * server picked at random within `counter`: 600 attempts on average, 900 at most. Measured
 * in the widget in headless Chromium on our 2-core build machine: 0.25 ms per attempt per
 * worker, so 0.15 s on average and 0.23 s at most on one worker. A phone three to four
 * times slower stays under 1 s even then, and the widget runs up to four workers.
 */
export const BOT_CHALLENGE = {
  algorithm: BOT_CHALLENGE_ALGORITHM,
  cost: 1_000,
  counter: { min: 300, max: 900 },
  lifetimeSeconds: 10 * 60,
} as const;

export type BotChallengeCheck =
  | { outcome: "solved"; signature: string; expiresAt: Date; solveMs: number | null }
  | { outcome: "expired" }
  | { outcome: "invalid" };

let secrets: { signature: string; key: string } | undefined;

/**
 * Two keys derived from the app secret: one signs the challenge, one the expected answer
 * (so checking a solution is an HMAC, not a derivation). Kept for the process, because
 * local mode without a PGlite directory makes a new app secret on every call.
 */
function challengeSecrets() {
  if (!secrets) {
    const appSecret = resolveAuthSecret(getEnv());
    const derive = (purpose: string) => createHmac("sha256", appSecret).update(`bot-challenge:${purpose}`).digest("hex");
    secrets = { signature: derive("signature"), key: derive("key") };
  }
  return secrets;
}

/** A fresh signed challenge that expires in ten minutes; the widget fetches one per solve. */
export async function createBotChallenge(): Promise<Challenge> {
  const { signature, key } = challengeSecrets();
  return createChallenge({
    algorithm: BOT_CHALLENGE.algorithm,
    cost: BOT_CHALLENGE.cost,
    counter: randomInt(BOT_CHALLENGE.counter.min, BOT_CHALLENGE.counter.max + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + BOT_CHALLENGE.lifetimeSeconds * 1000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

// The widget's payload: base64 of {challenge: {parameters, signature}, solution}. The
// parameters pass through whole, because the signature covers every one of them.
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(BOT_CHALLENGE.algorithm),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().int().positive(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().nonnegative().optional(),
  }),
});

function decodePayload(payload: string) {
  try {
    return PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).data ?? null;
  } catch {
    return null;
  }
}

/** Whether `payload` solves a challenge we signed and that has not expired (not whether it was used). */
export async function checkBotChallenge(payload: string): Promise<BotChallengeCheck> {
  const decoded = decodePayload(payload);
  if (!decoded) return { outcome: "invalid" };
  const { signature, key } = challengeSecrets();
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  }).catch(() => null);
  if (result?.expired) return { outcome: "expired" };
  if (!result?.verified) return { outcome: "invalid" };
  return {
    outcome: "solved",
    signature: decoded.challenge.signature,
    expiresAt: new Date(decoded.challenge.parameters.expiresAt * 1000),
    solveMs: decoded.solution.time ?? null,
  };
}
