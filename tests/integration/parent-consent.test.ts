// Issue 28 (ADR 0041): a visitor under the consent age is never stored; their parent is
// asked, and only the parent's answer creates a membership — with the parent's address.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, consentRefusals, consentRequests, emailOutbox, pointsLedger, referralCodeAliases, referrals, users, waitlistUsers } from "../../db/schema";
import { answerConsentRequest, CONSENT_LIMIT_MESSAGE, PARENT_IS_CHILD_MESSAGE } from "~/lib/consent/consent-requests.server";
import { AGE_PASS_ADDRESSES, AGE_PASS_SECONDS, childHashOf, openAgePass, sealAgePass } from "~/lib/consent/age-pass.server";
import { runConsentSchedule } from "~/lib/consent/consent-schedule.server";
import { memberIdOfRevokeToken } from "~/lib/consent/revoke-link.server";
import { revokeParentConsent } from "~/lib/consent/revoke-consent.server";
import { BIRTH_DATE_IMPOSSIBLE } from "~/lib/consent/age-messages";
import { db } from "~/kernel/db.server";
import { setTestClockOffset } from "~/lib/dev/test-clock.server";
import { buildMemberExport } from "~/lib/privacy/export-member.server";
import { sendMagicLinkEmail } from "~/lib/email/auth-emails.server";
import { renderQueuedEmail } from "~/lib/email/queued-render.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners } from "~/lib/seasons/season-winners.server";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as parentAction } from "~/routes/parent-consent";
import { action as answerAction, loader as answerLoader } from "~/routes/parent-consent.answer";
import { THROWAWAY_ADDRESS_MESSAGE } from "~/lib/waitlist/throwaway-domains.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";

// The server's clock moves for "not my child" lapsing after its days (ADR 0036): set before getEnv reads the environment.
vi.hoisted(() => {
  process.env.TEST_CLOCK = "true";
});

const ORIGIN = "http://localhost:3000";
const CHILD = "zorblax.kiddo2015@example.com";
const CHILD_BIRTH = { birthMonth: "6", birthYear: String(new Date().getUTCFullYear() - 9) };
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

beforeEach(resetDatabase);

async function post(action: unknown, path: string, fields: Record<string, string>, { cookie = "", clientIp = "203.0.113.50" } = {}) {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });
  const result = await (action as Action)({ request, params: {}, context: { cspNonce: "", requestId: "test", clientIp } });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), cookies: result.headers.getSetCookie(), data: undefined };
  // data() answers carry their init; a plain object is a 200.
  const isDataWithInit = typeof result === "object" && result !== null && "init" in result && "data" in result;
  const { data, init } = isDataWithInit ? (result as { data: Record<string, unknown>; init: { status?: number } | null }) : { data: result as Record<string, unknown>, init: null };
  return { status: init?.status ?? 200, location: null, cookies: [] as string[], data };
}

/** Every text of every table, for "this address is stored nowhere". */
async function everythingStored(): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await db.execute(sql.raw(`select * from "${table_name}"`));
    parts.push(JSON.stringify(rows.rows));
  }
  return parts.join("\n").toLowerCase();
}

/** The child's join: the age cookie it gets back, to send with the parent step. */
async function childJoins(email = CHILD, birth = CHILD_BIRTH) {
  const answer = await post(joinAction, "/join-waitlist", { email, ...birth });
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/parent-consent");
  const cookie = answer.cookies.find((line) => line.startsWith("lc_age="))!.split(";")[0]!;
  return cookie;
}

async function latestTokenTo(parent: string): Promise<string> {
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, parent)).orderBy(sql`id desc`).limit(1);
  const url = /\/parent-consent\/answer\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return url;
}

describe("a visitor under the consent age", () => {
  it("is sent to the parent step and nothing of theirs is stored", async () => {
    await childJoins();
    expect(await everythingStored()).not.toContain("zorblax");
  });

  it("stays under for a day on this device: changing the year afterwards does not get through", async () => {
    const cookie = await childJoins();
    const again = await post(joinAction, "/join-waitlist", { email: CHILD, ...ADULT_BIRTH }, { cookie });
    expect(again.location).toBe("/parent-consent");
    expect(await db.select().from(waitlistUsers)).toHaveLength(0);
  });

  it("with an impossible date of birth gets a clear message and nothing is stored", async () => {
    for (const birthYear of ["2999", "1800", "abc", "99999999"]) {
      const answer = await post(joinAction, "/join-waitlist", { email: "someone@example.com", birthMonth: "3", birthYear });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.data)).toMatch(new RegExp(`${BIRTH_DATE_IMPOSSIBLE}|Enter the month and year you were born`));
    }
    expect(await db.select().from(waitlistUsers)).toHaveLength(0);
  });
});

describe("the parent step", () => {
  it("mails the parent a notice that says who asked and how to report it, and keeps only the parent's request", async () => {
    const cookie = await childJoins();
    const sent = await post(parentAction, "/parent-consent", { parentEmail: "parent.one@example.com" }, { cookie });
    expect(sent).toMatchObject({ status: 302, location: "/parent-consent?sent=1" });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "parent.one@example.com"));
    expect(mail?.kind).toBe("parent_consent");
    expect(mail?.text).toMatch(/said they are a child in your care/);
    expect(mail?.text).toMatch(/tell us at .+ so we can stop misuse/);
    expect(mail?.text).toMatch(/only a crew name/);
    expect(await db.select().from(consentRequests)).toHaveLength(1);
    expect(await everythingStored()).not.toContain("zorblax");
  });

  it("refuses the child's own address, a throwaway domain, and more than the limit per parent", async () => {
    const cookie = await childJoins();
    expect((await post(parentAction, "/parent-consent", { parentEmail: CHILD }, { cookie })).data).toEqual({ error: PARENT_IS_CHILD_MESSAGE });
    expect((await post(parentAction, "/parent-consent", { parentEmail: "mum@mailinator.com" }, { cookie })).data).toEqual({ error: THROWAWAY_ADDRESS_MESSAGE });
    expect((await post(parentAction, "/parent-consent", { parentEmail: "dad@example.com" }, { cookie })).status).toBe(302);
    expect((await post(parentAction, "/parent-consent", { parentEmail: "dad@example.com" }, { cookie })).status).toBe(302);
    const third = await post(parentAction, "/parent-consent", { parentEmail: "dad@example.com" }, { cookie });
    expect(third).toMatchObject({ status: 429, data: { error: CONSENT_LIMIT_MESSAGE } });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "dad@example.com"))).toHaveLength(2);
  });

  it("refuses every address the child typed in this browser in the last day as the parent's, not only the last (issue 37)", async () => {
    // Joined twice: first as one address, then another; the first is not a parent either.
    const first = await childJoins("first.try2015@example.com");
    const second = await post(joinAction, "/join-waitlist", { email: "second.try2015@example.com", ...CHILD_BIRTH }, { cookie: first });
    const cookie = second.cookies.find((line) => line.startsWith("lc_age="))!.split(";")[0]!;
    for (const parentEmail of ["first.try2015@example.com", "Second.Try2015@example.com"]) {
      expect((await post(parentAction, "/parent-consent", { parentEmail }, { cookie })).data).toEqual({ error: PARENT_IS_CHILD_MESSAGE });
    }
    expect(await db.select().from(consentRequests)).toHaveLength(0);
    // A real parent's address still goes through.
    expect((await post(parentAction, "/parent-consent", { parentEmail: "real.parent@example.com" }, { cookie })).status).toBe(302);
    // An address typed more than a day ago is forgotten: the pass keeps a day, and at most AGE_PASS_ADDRESSES addresses.
    const dayAgo = Date.now() - (AGE_PASS_SECONDS + 60) * 1000;
    const old = openAgePass(sealAgePass("under_consent_age", "old.try@example.com", { now: dayAgo }), dayAgo)!;
    const fresh = openAgePass(sealAgePass("under_consent_age", "new.try@example.com", { previous: old }))!;
    expect(fresh.childHashes).toEqual([childHashOf("new.try@example.com")]);
    let many = openAgePass(sealAgePass("under_consent_age", "kid0@example.com"))!;
    for (let i = 1; i <= AGE_PASS_ADDRESSES + 4; i += 1) many = openAgePass(sealAgePass("under_consent_age", `kid${i}@example.com`, { previous: many }))!;
    expect(many.childHashes).toHaveLength(AGE_PASS_ADDRESSES);
    expect(many.childHashes.at(-1)).toBe(childHashOf(`kid${AGE_PASS_ADDRESSES + 4}@example.com`));
  });

  it("keeps only the coarse network and the device class of the child's request, never the address or the country (issue 37)", async () => {
    for (const [clientIp, network] of [["203.0.113.50", "203.0.113.0/24"], ["2001:db8:85a3:1:2:3:4:5", "2001:db8:85a3:1::/64"], ["not an address", null]] as const) {
      await resetDatabase();
      const cookie = await childJoins();
      const request = new Request(`${ORIGIN}/parent-consent`, {
        method: "POST",
        body: new URLSearchParams({ parentEmail: "coarse.parent@example.com", language: "es-ES", timeZone: "Europe/Madrid" }),
        headers: { Cookie: cookie, "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" },
      });
      const answer = await (parentAction as Action)({ request, params: {}, context: { cspNonce: "", requestId: "test", clientIp } });
      expect((answer as Response).status).toBe(302);
      const [stored] = await db.select().from(consentRequests);
      expect(stored).toMatchObject({ signupNetwork: network, signupDevice: "mobile", signupCountry: null });
      expect(JSON.stringify(stored)).not.toContain(clientIp);
    }
  });

  it("refuses a post without the age pass: nobody can mail a stranger from outside the join", async () => {
    const answer = await post(parentAction, "/parent-consent", { parentEmail: "stranger@example.com" });
    expect(answer.status).toBe(400);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });
});

describe("the parent's answer", () => {
  async function askedParent(parent: string, extraCookie = "") {
    const cookie = await childJoins();
    await post(parentAction, "/parent-consent", { parentEmail: parent }, { cookie: [cookie, extraCookie].filter(Boolean).join("; ") });
    return latestTokenTo(parent);
  }

  it("approve: a membership with the parent's address as contact, consent recorded and audited; the link works once", async () => {
    const token = await askedParent("approver@example.com");
    const page = (await answerLoader({ request: new Request(`${ORIGIN}/parent-consent/answer?token=${token}`), params: {}, context: {} } as never)) as { token: string };
    expect(page.token).toBe(token);
    // A yes without the leaderboard answer is refused, and the request still waits.
    const unanswered = await post(answerAction, "/parent-consent/answer", { token, decision: "approve" });
    expect(unanswered).toMatchObject({ status: 400, data: { outcome: "choose_leaderboard" } });
    expect(await db.select().from(waitlistUsers)).toHaveLength(0);
    expect(await db.select().from(consentRequests)).toHaveLength(1);
    const answered = await post(answerAction, "/parent-consent/answer", { token, decision: "approve", showOnLeaderboard: "no" });
    expect(answered.data).toEqual({ outcome: "approved" });
    const [member] = await db.select().from(waitlistUsers);
    expect(member).toMatchObject({ email: "approver@example.com", consentMethod: "parent_email_plus", ageBand: "under_consent_age" });
    expect(member!.privacyNoticeVersion).toBeGreaterThan(0);
    expect(member!.consentConfirmationDueAt).not.toBeNull();
    expect(await db.select().from(consentRequests)).toHaveLength(0);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "consent.granted"));
    expect(audit).toHaveLength(1);
    expect((await post(answerAction, "/parent-consent/answer", { token, decision: "approve", showOnLeaderboard: "yes" })).status).toBe(404);
    // The welcome e-mail goes to the parent with the way back out.
    const welcome = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "approver@example.com"))).find((mail) => mail.kind === "welcome");
    expect(welcome).toBeDefined();
  });

  it("approve: a child's referral link pays its referrer only now, when the consent is complete", async () => {
    const host = await joinWaitlist({ email: "host.grownup@example.com", referralCredit: "join" });
    const cookie = await childJoins();
    const { rememberReferral } = await import("~/lib/waitlist/visitor-cookies.server");
    const referral = (await rememberReferral(host.member.referralCode, "copy")).split(";")[0]!;
    await post(parentAction, "/parent-consent", { parentEmail: "friendly.parent@example.com" }, { cookie: `${cookie}; ${referral}` });
    expect(await db.select().from(referrals)).toHaveLength(0);
    await post(answerAction, "/parent-consent/answer", { token: await latestTokenTo("friendly.parent@example.com"), decision: "approve", showOnLeaderboard: "yes" });
    const [friend] = await db.select().from(waitlistUsers).where(eq(waitlistUsers.email, "friendly.parent@example.com"));
    expect(friend?.referredByUserId).toBe(host.member.id);
    const rows = await db.select().from(referrals);
    expect(rows.map((row) => row.referrerId)).toEqual([host.member.id]);
  });

  it("approve: a child who arrived by an old code (an alias) is credited to the member who had it", async () => {
    const host = await joinWaitlist({ email: "old.link.host@example.com", referralCredit: "join" });
    await db.insert(referralCodeAliases).values({ code: "oldlin7k2x9q", memberId: host.member.id });
    const cookie = await childJoins();
    const { rememberReferral } = await import("~/lib/waitlist/visitor-cookies.server");
    const referral = (await rememberReferral("oldlin7k2x9q", "copy")).split(";")[0]!;
    await post(parentAction, "/parent-consent", { parentEmail: "alias.parent@example.com" }, { cookie: `${cookie}; ${referral}` });
    await answerConsentRequest(await latestTokenTo("alias.parent@example.com"), "approve");
    expect((await db.select().from(referrals)).map((row) => row.referrerId)).toEqual([host.member.id]);
  });

  it("decline: the request and the parent's address are gone", async () => {
    const token = await askedParent("decliner@example.com");
    expect((await post(answerAction, "/parent-consent/answer", { token, decision: "decline" })).data).toEqual({ outcome: "declined" });
    expect(await db.select().from(consentRequests)).toHaveLength(0);
    expect(await db.select().from(waitlistUsers)).toHaveLength(0);
    // The notice to the parent goes with the request (issue 37): nothing names the address any more.
    expect(await everythingStored()).not.toContain("decliner@example.com");
  });

  it("decline or expiry forgets only that parent's notice; an approval keeps its notice as the new member's (issue 37)", async () => {
    const declined = await askedParent("decliner@example.com");
    await askedParent("waiting.parent@example.com");
    await answerConsentRequest(declined, "decline");
    const [waiting] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "waiting.parent@example.com"));
    expect(waiting).toMatchObject({ kind: "parent_consent" });
    await answerConsentRequest(await askedParent("approver@example.com"), "approve");
    const [member] = await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, "approver@example.com"));
    const [notice] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "parent_consent")).orderBy(sql`id desc`).limit(1);
    expect(notice).toMatchObject({ toAddress: "approver@example.com", memberId: member!.id });
    await db.execute(sql`update consent_requests set requested_at = now() - interval '8 days', expires_at = now() - interval '1 day'`);
    expect((await runConsentSchedule()).expiredRequests).toBe(1);
    expect(await everythingStored()).not.toContain("waiting.parent@example.com");
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, "approver@example.com"))).not.toHaveLength(0);
  });

  it("no answer within the window: the schedule deletes the request with the parent's address", async () => {
    await askedParent("silent@example.com");
    expect((await runConsentSchedule()).expiredRequests).toBe(0);
    await db.execute(sql`update consent_requests set requested_at = now() - interval '8 days', expires_at = now() - interval '1 day'`);
    expect((await runConsentSchedule()).expiredRequests).toBe(1);
    expect(await db.select().from(consentRequests)).toHaveLength(0);
    expect(await everythingStored()).not.toContain("silent@example.com");
  });

  it("the confirmation e-mail comes a day after the approval, once, with the link to withdraw; withdrawing deletes the membership", async () => {
    const token = await askedParent("confirmer@example.com");
    await answerConsentRequest(token, "approve");
    expect((await runConsentSchedule()).confirmationsQueued).toBe(0);
    await db.execute(sql`update waitlist_users set consent_confirmation_due_at = now() - interval '1 second'`);
    expect((await runConsentSchedule()).confirmationsQueued).toBe(1);
    expect((await runConsentSchedule()).confirmationsQueued).toBe(0);
    const [confirmation] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "consent_confirmation"));
    const revokeToken = decodeURIComponent(/\/parent-consent\/revoke\?token=([^\s]+)/.exec(confirmation!.text)![1]!);
    const memberId = memberIdOfRevokeToken(revokeToken)!;
    expect(await revokeParentConsent(memberId)).toBe(true);
    expect(await revokeParentConsent(memberId)).toBe(false);
    expect(await db.select().from(waitlistUsers)).toHaveLength(0);
    expect(await everythingStored()).not.toContain("confirmer@example.com");
    expect(await db.select().from(auditEvents).where(eq(auditEvents.action, "consent.revoked"))).toHaveLength(1);
  });

  it("every e-mail to the consenting parent carries the link to withdraw: welcome, sign-in and a prize", async () => {
    await answerConsentRequest(await askedParent("every.mail@example.com"), "approve");
    const [member] = await db.select().from(waitlistUsers);
    await sendMagicLinkEmail({ email: "every.mail@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=x` });
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    await db.insert(pointsLedger).values({ memberId: member!.id, delta: 50, reason: "admin_adjustment", createdAt: new Date("2024-10-15T12:00:00Z") });
    await freezeDueSeasons(new Date("2024-11-01T08:00:00Z"));
    await confirmSeasonWinners("2024-10-01", "admin-1");
    // The request itself came before there was any consent to withdraw.
    const mails = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "every.mail@example.com"))).filter((mail) => mail.kind !== "parent_consent");
    const texts = await Promise.all(mails.map(async (mail) => ({ kind: mail.kind, text: mail.templateData ? (await renderQueuedEmail({ kind: mail.kind, to: mail.toAddress, templateData: mail.templateData })).text : mail.text })));
    expect(texts.map((mail) => mail.kind).sort()).toEqual(["magic_link", "season_winner", "welcome"]);
    for (const mail of texts) expect(mail.text, mail.kind).toContain(`/parent-consent/revoke?token=`);
    // A member who consented for themselves gets no such line.
    await joinWaitlist({ email: "grown.up@example.com" });
    await sendMagicLinkEmail({ email: "grown.up@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=y` });
    const [own] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "grown.up@example.com")).orderBy(sql`id desc`).limit(1);
    expect(own!.text).not.toContain("/parent-consent/revoke");
  });
});

describe('"This is not my child" (issue 38)', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  afterEach(() => setTestClockOffset(0));

  async function askParent(parent: string, { clientIp = "203.0.113.50" } = {}) {
    const cookie = await childJoins();
    return post(parentAction, "/parent-consent", { parentEmail: parent }, { cookie, clientIp });
  }

  it("declines, deletes the request and its notice, and refuses that address for 30 days alone, keeping no address text", async () => {
    expect((await askParent("stranger.parent@example.com")).status).toBe(302);
    await askParent("other.parent@example.com");
    const token = await latestTokenTo("stranger.parent@example.com");
    expect((await post(answerAction, "/parent-consent/answer", { token, decision: "not_my_child" })).data).toEqual({ outcome: "not_my_child" });
    expect(await db.select().from(consentRequests).where(eq(consentRequests.parentEmail, "stranger.parent@example.com"))).toHaveLength(0);
    expect(await db.select().from(consentRefusals)).toHaveLength(1);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "consent.not_my_child"));
    expect(audit).toMatchObject({ targetType: "consent_request" });
    // The address, its local part and its domain-less identity are nowhere: only a keyed hash.
    expect(await everythingStored()).not.toContain("stranger.parent");
    // The link is spent.
    expect((await post(answerAction, "/parent-consent/answer", { token, decision: "not_my_child" })).status).toBe(404);

    // A child asking again, from any network, gets the answer a used-up limit gets; nothing is stored or sent.
    const cookie = await childJoins();
    const before = await everythingStored();
    const again = await post(parentAction, "/parent-consent", { parentEmail: "Stranger.Parent@example.com" }, { cookie, clientIp: "198.51.100.7" });
    expect(again).toMatchObject({ status: 429, data: { error: CONSENT_LIMIT_MESSAGE } });
    const after = await everythingStored();
    expect(after).toBe(before);
    expect(after).not.toContain("stranger.parent");

    // Another parent is unaffected.
    expect((await askParent("other.parent@example.com", { clientIp: "198.51.100.8" })).status).toBe(302);

    // 29 days later still refused; past 30 days the refusal lapses and the schedule removes it.
    setTestClockOffset(29 * DAY_MS);
    expect((await askParent("stranger.parent@example.com", { clientIp: "198.51.100.9" })).status).toBe(429);
    expect((await runConsentSchedule()).lapsedRefusals).toBe(0);
    setTestClockOffset(30 * DAY_MS + 60_000);
    expect((await runConsentSchedule()).lapsedRefusals).toBe(1);
    expect(await db.select().from(consentRefusals)).toHaveLength(0);
    expect((await askParent("stranger.parent@example.com", { clientIp: "198.51.100.10" })).status).toBe(302);
  });

  it("is in the export of a member with that address, and their erasure leaves it to lapse", async () => {
    await askParent("both.ways@example.com");
    await answerConsentRequest(await latestTokenTo("both.ways@example.com"), "not_my_child");
    const member = await joinWaitlist({ email: "both.ways@example.com" });
    const document = await buildMemberExport(member.member.id);
    expect(document.sources.consent_refusals).toBe(1);
    expect(document.records.notMyChildAnswers).toHaveLength(1);
    const other = await joinWaitlist({ email: "someone.else@example.com" });
    expect((await buildMemberExport(other.member.id)).sources.consent_refusals).toBe(0);
  });

  it("is refused with a 400 for an unknown answer, and the request stays", async () => {
    await askParent("careful.parent@example.com");
    const token = await latestTokenTo("careful.parent@example.com");
    expect((await post(answerAction, "/parent-consent/answer", { token, decision: "maybe" })).status).toBe(400);
    expect(await db.select().from(consentRequests)).toHaveLength(1);
    expect(await db.select().from(consentRefusals)).toHaveLength(0);
  });
});
