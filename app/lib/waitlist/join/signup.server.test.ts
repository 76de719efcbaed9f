import { eq, sql } from "drizzle-orm";
import { emailHashOf } from "~/lib/email/suppression.server";
import { addressSubjectOf, personRateLimitKey } from "~/lib/security/person-rate-limit.server";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../../db/schema";
import { resetDatabase } from "../../../../tests/db-reset";
import { db } from "../../../kernel/db.server";
import { BatcherFullError } from "./batcher";
import { SIGNUP_LIMIT_PER_NETWORK, signUpFromForm } from "./signup.server";
import { SELF_CONSENT } from "../../../../tests/factories";

beforeEach(resetDatabase);

const stranger = { deviceMemberId: null, signedInEmail: null };

function signUp(email: string, seen: { deviceMemberId: string | null; signedInEmail: string | null }) {
  return signUpFromForm({ consent: SELF_CONSENT, email, clientIp: "10.9.8.7", userAgent: null, referralCode: null, seen });
}

async function magicLinkMails(to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).then((rows) => rows.filter((row) => row.kind === "magic_link"));
}

describe("a returning member on someone else's browser", () => {
  it("is e-mailed their referral link and a sign-in link instead of being shown them", async () => {
    const first = await signUp("ada@example.com", stranger);
    expect(first.isOwnBrowser).toBe(true);
    const again = await signUp("Ada+again@example.com", stranger);
    expect(again).toMatchObject({ isNewMember: false, isOwnBrowser: false });
    const [mail] = await magicLinkMails("ada@example.com");
    expect(mail?.html).toContain(`/?ref=${first.member.referralCode}`);
    expect(mail?.html).toMatch(/\/api\/auth\/magic-link\/verify\?token=/);
  });

  it("sees their standing on their own browser or signed in, and gets no e-mail", async () => {
    const ada = await signUp("ada@example.com", stranger);
    expect((await signUp("ada@example.com", { deviceMemberId: ada.member.id, signedInEmail: null })).isOwnBrowser).toBe(true);
    expect((await signUp("ada@example.com", { deviceMemberId: "someone-else", signedInEmail: "ADA@example.com" })).isOwnBrowser).toBe(true);
    expect(await magicLinkMails("ada@example.com")).toHaveLength(0);
  });

  it("cannot be used to flood an inbox: the sign-in limits cap the e-mails", async () => {
    await signUp("ada@example.com", stranger);
    for (let attempt = 0; attempt < 12; attempt++) expect((await signUp("ada@example.com", stranger)).isOwnBrowser).toBe(false);
    expect(await magicLinkMails("ada@example.com")).toHaveLength(5);
  });
});

describe("a flood of sign-ups from one address", () => {
  it("is turned away at once past its share of the queue (503 + Retry-After) while another visitor joins", async () => {
    const flood = Array.from({ length: 200 }, (_, index) =>
      signUpFromForm({ consent: SELF_CONSENT, email: `flood${index}@example.com`, clientIp: "203.0.113.7", userAgent: null, referralCode: null, seen: stranger }),
    );
    const calm = signUpFromForm({ consent: SELF_CONSENT, email: "calm@example.com", clientIp: "198.51.100.4", userAgent: null, referralCode: null, seen: stranger });
    const settled = await Promise.allSettled(flood);
    const turnedAway = settled.filter((result) => result.status === "rejected" && result.reason instanceof BatcherFullError);
    expect(turnedAway.length).toBeGreaterThanOrEqual(100);
    expect((turnedAway[0] as PromiseRejectedResult).reason.retryAfterSeconds).toBeGreaterThan(0);
    expect((await calm).isNewMember).toBe(true);
    const stored = settled.filter((result) => result.status === "fulfilled").length;
    expect(stored).toBeLessThanOrEqual(SIGNUP_LIMIT_PER_NETWORK.limit);
  });
});

describe("posts of one address from many networks", () => {
  it("do not hold up the distinct sign-ups queued behind them: those finish in the first batches", async () => {
    await signUp("victim@example.com", stranger);
    const finished: string[] = [];
    const post = (email: string, clientIp: string, label: string) =>
      signUpFromForm({ consent: SELF_CONSENT, email, clientIp, userAgent: null, referralCode: null, seen: stranger }).then((result) => {
        finished.push(label);
        return result;
      });
    // 160 networks (more than a batch ever looked at before) post the same address first.
    const flood = Array.from({ length: 160 }, (_, index) => post("victim@example.com", `10.${Math.floor(index / 200)}.${index % 200}.9`, "flood"));
    const honest = Array.from({ length: 20 }, (_, index) => post(`honest${index}@example.com`, `172.16.${index}.9`, "honest"));
    const joined = await Promise.all(honest);
    expect(joined.every((result) => result.isNewMember)).toBe(true);
    // Each batch holds at most one post of the victim's address: the honest twenty were out
    // before more than a handful of those.
    expect(finished.filter((label) => label === "flood").length).toBeLessThanOrEqual(5);
    await Promise.all(flood);
  });
});

describe("a flood of one returning member's address", () => {
  it("stops costing a statement per post once the address's sign-in limit is used up, and other addresses still get their link", async () => {
    await signUp("ada@example.com", stranger);
    await signUp("bo@example.com", stranger);
    for (let attempt = 0; attempt < 12; attempt++) expect((await signUp("ada@example.com", stranger)).isOwnBrowser).toBe(false);
    expect(await magicLinkMails("ada@example.com")).toHaveLength(5);
    // The database counted up to the refusal that used the limit up, and no further: this process knew the answer.
    const key = personRateLimitKey("sign-in", "email", addressSubjectOf(emailHashOf("ada@example.com")));
    const [row] = (await db.execute<{ hits: number }>(sql`select hits from rate_limits where key = ${key}`)).rows;
    expect(row?.hits).toBe(6);
    expect((await signUp("bo@example.com", stranger)).isOwnBrowser).toBe(false);
    expect(await magicLinkMails("bo@example.com")).toHaveLength(1);
  });
});
