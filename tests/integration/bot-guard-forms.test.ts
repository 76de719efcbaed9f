import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, waitlistUsers } from "../../db/schema";
import { solveBotChallenge } from "../bot-challenge";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { createBotChallenge } from "~/lib/security/bot-challenge.server";
import { BOT_CHECK_REUSED_MESSAGE } from "~/lib/security/bot-guard.server";
import { SIGNUP_ERROR_MESSAGE } from "~/lib/waitlist/join-form";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as loginAction } from "~/routes/login";
import { ADULT_BIRTH } from "../factories";

// The waitlist and sign-in actions behind the bot guard: a refused submission answers
// 400 (429 for the no-JavaScript limit) and stores nothing, no member, no e-mail.

const ORIGIN = "http://localhost:3000";
type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

beforeEach(resetDatabase);

/** POSTs `fields` to `action` from `clientIp`; the status and data it answered with. */
async function post(action: Action, path: string, fields: Record<string, string>, clientIp = "203.0.113.50") {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const result = await action({ request, params: {}, context: { cspNonce: "", requestId: "test", clientIp } });
  if (result instanceof Response) return { status: result.status, data: undefined };
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, data };
}

const join = (fields: Record<string, string>, clientIp?: string) => post(joinAction as unknown as Action, "/join-waitlist", { ...ADULT_BIRTH, ...fields }, clientIp);
const signIn = (fields: Record<string, string>, clientIp?: string) => post(loginAction as unknown as Action, "/login", fields, clientIp);

async function isMember(email: string): Promise<boolean> {
  return (await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, email))).length === 1;
}

async function mailsTo(email: string): Promise<number> {
  return (await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length;
}

const solved = async () => solveBotChallenge(await createBotChallenge());

describe("joining the waitlist", () => {
  it("with a solved challenge joins; the same challenge again is refused and stores nobody", async () => {
    const altcha = await solved();
    expect((await join({ email: "ada@example.com", altcha })).status).toBe(302);
    expect(await isMember("ada@example.com")).toBe(true);

    const replay = await join({ email: "grace@example.com", altcha });
    expect(replay).toMatchObject({ status: 400, data: { formError: BOT_CHECK_REUSED_MESSAGE } });
    expect(await isMember("grace@example.com")).toBe(false);
  });

  it("with one solved challenge sent by many at once joins exactly one of them (the check is in the join's statement)", async () => {
    const altcha = await solved();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => join({ email: `twin.${index}@example.com`, altcha })));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400 && answer.data?.formError === BOT_CHECK_REUSED_MESSAGE)).toHaveLength(7);
    const joined = await Promise.all(Array.from({ length: 8 }, (_, index) => isMember(`twin.${index}@example.com`)));
    expect(joined.filter(Boolean)).toHaveLength(1);
  });

  it("with the honeypot filled is refused with the spec's sign-up failure and stores nobody", async () => {
    const answer = await join({ email: "bot@example.com", altcha: await solved(), website: "http://spam.example" });
    expect(answer).toMatchObject({ status: 400, data: { formError: SIGNUP_ERROR_MESSAGE } });
    expect(await isMember("bot@example.com")).toBe(false);
    expect(await mailsTo("bot@example.com")).toBe(0);
  });

  it("without JavaScript joins five times per network per hour; the sixth is refused", async () => {
    for (let index = 0; index < 5; index++) expect((await join({ email: `family.${index}@example.com` })).status).toBe(302);
    const sixth = await join({ email: "family.5@example.com" });
    expect(sixth.status).toBe(429);
    expect(String(sixth.data?.formError)).toMatch(/^Too many signups from your network\. .*turn on JavaScript\.$/);
    expect(await isMember("family.5@example.com")).toBe(false);
    expect(await mailsTo("family.5@example.com")).toBe(0);
    // The refused join was not counted against the network's sign-up limit.
    const counted = await db.execute<{ hits: number }>(sql`select hits from rate_limits where key like 'signup:network:%'`);
    expect(counted.rows.map((row) => Number(row.hits))).toEqual([5]);
    // A person with JavaScript on the same network still joins.
    expect((await join({ email: "family.6@example.com", altcha: await solved() })).status).toBe(302);
  });

  it("refuses a limited network's later posts without the database, and leaves every other network's count alone (issue 37)", async () => {
    for (let index = 0; index < 6; index++) await join({ email: `flood.${index}@example.com` }, "198.51.100.7");
    await join({ email: "neighbour.0@example.com" }, "192.0.2.80");
    const hitsBefore = await db.execute<{ key: string; hits: number }>(sql`select key, hits from rate_limits order by key`);
    for (let index = 0; index < 20; index++) {
      const again = await join({ email: "flood.target@example.com" }, "198.51.100.7");
      expect(again.status).toBe(429);
      expect(String(again.data?.formError)).toMatch(/^Too many signups from your network\. Please try again in (59|60) minutes, or turn on JavaScript\.$/);
    }
    // The refused posts counted nowhere and stored nothing; the other network still joins, counted as before.
    expect((await db.execute<{ key: string; hits: number }>(sql`select key, hits from rate_limits order by key`)).rows).toEqual(hitsBefore.rows);
    expect(await isMember("flood.target@example.com")).toBe(false);
    expect((await join({ email: "neighbour.1@example.com" }, "192.0.2.80")).status).toBe(302);
    expect(await isMember("neighbour.1@example.com")).toBe(true);
  });
});

describe("asking for a sign-in link", () => {
  it("with a solved challenge sends the link; the same challenge again sends nothing", async () => {
    const altcha = await solved();
    expect(await signIn({ email: "crew@example.com", altcha })).toMatchObject({ status: 200, data: { sent: true } });
    expect(await mailsTo("crew@example.com")).toBe(1);
    expect(await signIn({ email: "crew@example.com", altcha })).toMatchObject({ status: 400, data: { sent: false, error: BOT_CHECK_REUSED_MESSAGE } });
    expect(await mailsTo("crew@example.com")).toBe(1);
  });

  it("with the honeypot filled is refused and sends nothing", async () => {
    const answer = await signIn({ email: "bot@example.com", website: "x" });
    expect(answer).toMatchObject({ status: 400, data: { sent: false, error: "Could not send magic link. Please try again." } });
    expect(await mailsTo("bot@example.com")).toBe(0);
  });

  it("without JavaScript sends five links per network per hour; the sixth is refused", async () => {
    for (let index = 0; index < 5; index++) expect((await signIn({ email: `crew.${index}@example.com` })).status).toBe(200);
    const sixth = await signIn({ email: "crew.5@example.com" });
    expect(sixth).toMatchObject({ status: 429, data: { sent: false } });
    expect(String(sixth.data?.error)).toMatch(/^Too many sign-in requests\. .*turn on JavaScript\.$/);
    expect(await mailsTo("crew.5@example.com")).toBe(0);
  });
});
