import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consentRequests, emailOutbox, emailSuppressions, memberImportRows, memberImports, pointsLedger, sessions, users, waitlistUsers, webhookEndpoints, webhookMessages } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { SELF_CONSENT } from "../factories";
import { sessionIdOf, signInAs } from "../auth-helpers";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { requestParentConsent } from "~/lib/consent/consent-requests.server";
import { rerollCrewName } from "~/lib/crew-names/crew-name.server";
import { db } from "~/kernel/db.server";
import { competitionRankSql } from "~/lib/leaderboard/leaderboard.server";
import { creditTrailerView } from "~/lib/points/points.server";
import { claimPrize } from "~/lib/prizes/prize-claims.server";
import { createPrizeClaimToken } from "~/lib/prizes/claim-token.server";
import { eraseByLink, createErasureToken, readErasureLink, requestOwnErasure } from "~/lib/privacy/erasure-link.server";
import { buildMemberExport, exportOwnData } from "~/lib/privacy/export-member.server";
import { isAppError } from "~/kernel/errors";
import { adjustPoints } from "~/lib/referrals/referral-admin.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners, listHallOfFame } from "~/lib/seasons/season-winners.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { changeMember } from "~/lib/waitlist/member-admin.server";
import { confirmAddressChange, requestAddressChange } from "~/lib/contact-address/address-change.server";
import { emailHashOf, suppressEmailHash } from "~/lib/email/suppression.server";
import { getPointsHistory } from "~/lib/points/points-history.server";

// Issue 29, "Done means": a member with every kind of row the schema allows is erased, then
// every text, varchar, json and jsonb column (and text arrays) of every table in the
// catalog is scanned for their address and its local part. New tables are covered by
// themselves: they appear in information_schema.

const ADDRESS = "zebra.quokka.7431@example.org";
const LOCAL_PART = "zebra.quokka.7431";
const SEASON = "2024-10-01";
const OCT_15 = new Date("2024-10-15T12:00:00Z");
const AFTER_OCTOBER = new Date("2024-11-01T08:00:00Z");

type Hits = Record<string, number>;

/** Rows per table (base tables of the public schema) with the needle in any text-like column. */
async function scanCatalog(needles: string[]): Promise<Hits> {
  const columns = (
    await db.execute<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
              or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
       order by c.table_name, c.ordinal_position`)
  ).rows;
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  expect(byTable.size).toBeGreaterThan(25);
  const hits: Hits = {};
  for (const [table, names] of byTable) {
    const test = names.flatMap((name) => needles.map((needle) => `"${name}"::text ilike '%${needle.replace(/'/g, "''")}%'`)).join(" or ");
    const result = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}" where ${test}`));
    const count = Number(result.rows[0]?.n ?? 0);
    if (count > 0) hits[table] = count;
  }
  return hits;
}

/** Every listed member's points, and rank as the trigger-kept counts give it and as count(*) does. */
async function standings() {
  const rows = (
    await db.execute<{ id: string; points: number; trigger_rank: number; counted_rank: number }>(sql`
      select m.id, m.points, ${competitionRankSql(sql`m.points`, sql`m.referrals_made`)} as trigger_rank,
             (1 + (select count(*) from waitlist_users o where not o.is_blocked and (o.points, o.referrals_made) > (m.points, m.referrals_made)))::int as counted_rank
        from waitlist_users m where not m.is_blocked`)
  ).rows;
  return new Map(rows.map((row) => [row.id, { points: Number(row.points), triggerRank: Number(row.trigger_rank), countedRank: Number(row.counted_rank) }]));
}

async function refusal(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? error.status : undefined;
}

let targetId = "";
let referrerId = "";
let friendId = "";
let sessionId = "";

beforeAll(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  await db.insert(webhookEndpoints).values({ url: "https://hooks.example.net/in", events: ["member.joined", "member.confirmed", "member.blocked", "referral.held", "referral.credited", "member.erased"], secret: "whsec_dGVzdA==" });

  const referrer = await joinWaitlist({ email: "rocket.ranger@example.com", consent: SELF_CONSENT, referralCredit: "join" });
    referrerId = referrer.member.id;
  // The target arrives through the referrer's link (a referral to them), then brings a friend (a referral from them).
  const target = await joinWaitlist({ email: ADDRESS, referralCode: referrer.member.referralCode, consent: SELF_CONSENT, referralCredit: "join", notes: `Wrote in as ${ADDRESS}` });
  targetId = target.member.id;
  const friend = await joinWaitlist({ email: "comet.friend@example.com", referralCode: target.member.referralCode, consent: SELF_CONSENT, referralCredit: "join" });
  friendId = friend.member.id;
  for (const name of ["nova", "pixel", "orbit"]) await joinWaitlist({ email: `${name}.bystander@example.com`, consent: SELF_CONSENT });

  await creditTrailerView(targetId);
  await rerollCrewName(targetId);
  // A season they won, with a claimed prize (their shipping address, encrypted).
  await db.insert(pointsLedger).values({ memberId: targetId, delta: 90, reason: "admin_adjustment", createdAt: OCT_15 });
  await db.insert(pointsLedger).values({ memberId: referrerId, delta: 40, reason: "admin_adjustment", createdAt: OCT_15 });
  await freezeDueSeasons(AFTER_OCTOBER);
  await confirmSeasonWinners(SEASON, "admin-1");
  await claimPrize(
    createPrizeClaimToken(targetId, SEASON),
    { deliveryName: "Zebra Quokka", addressLine1: "1 Savannah Way", addressLine2: "", city: "Springfield", region: "OR", postalCode: "97477", country: "United States" },
    new Date(Date.now() + 60_000),
  );
  // Back-office changes: tags, notes naming the address, a block and unblock (a webhook), a points adjustment.
  await changeMember(targetId, { kind: "tags", tags: ["superfan", LOCAL_PART] }, "admin-1");
  await changeMember(targetId, { kind: "notes", notes: `Parent of ${ADDRESS}, call first` }, "admin-1");
  await changeMember(targetId, { kind: "blocked", isBlocked: true }, "admin-1");
  await changeMember(targetId, { kind: "blocked", isBlocked: false }, "admin-1");
  await adjustPoints(targetId, 7, "admin-1");
  // Sign-in: account, session, a pending link, the sign-in rate-limit key.
  await signInAs(ADDRESS);
  await requestMagicLink({ email: ADDRESS, clientIp: "127.0.0.1" });
  [{ id: sessionId }] = (await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, ADDRESS))) as [{ id: string }];
  // They are also a parent with a child's request pending, and a line of a CSV import.
  await db.insert(consentRequests).values({ tokenHash: "hash-of-token", parentEmail: ADDRESS, parentIdentity: ADDRESS, privacyNoticeVersion: 1, expiresAt: new Date(Date.now() + 86_400_000) });
  const [upload] = await db.insert(memberImports).values({ fileName: "spring-list.csv", createdBy: "admin-1" }).returning({ id: memberImports.id });
  await db.insert(memberImportRows).values([
    { importId: upload!.id, line: 2, email: ADDRESS.toUpperCase(), identity: ADDRESS, outcome: "existing", notes: "from the fair" },
    { importId: upload!.id, line: 3, email: "someone.else@example.com", identity: "someone.else@example.com", outcome: "new" },
  ]);
  // They unsubscribed from optional e-mails: the suppression list keeps a hash of the address (ADR 0044).
  await suppressEmailHash(emailHashOf(ADDRESS), "unsubscribed");
  // A change of address waiting for its link (the new address holds the local part too).
  await requestAddressChange({ id: targetId, email: ADDRESS }, `${LOCAL_PART}.new@example.net`, { sessionId });
  // One webhook message delivered (in the delivery log), the rest still pending.
  const [first] = await db.select({ id: webhookMessages.id }).from(webhookMessages).orderBy(webhookMessages.id).limit(1);
  await db.update(webhookMessages).set({ status: "delivered", deliveredAt: new Date() }).where(eq(webhookMessages.id, first!.id));
});

describe("erasing a member", () => {
  it("leaves no trace of the address in any text column of any table, and every other standing exact", async () => {
    const hitsBefore = await scanCatalog([ADDRESS, LOCAL_PART]);
    // The fixture reaches the places a simple DELETE would miss.
    for (const table of ["waitlist_users", "users", "verifications", "email_outbox", "audit_events", "member_audit_log", "member_import_rows", "webhook_messages", "consent_requests", "address_changes"]) {
      expect(hitsBefore[table], table).toBeGreaterThan(0);
    }
    // Counters are keyed by a keyed hash of the address (ADR 0059): no text of it, yet the export lists them.
    expect(hitsBefore.rate_limits).toBeUndefined();
    // The export lists every row the scan found, table by table.
    const document = await buildMemberExport(targetId);
    expect(document.sources.rate_limits).toBeGreaterThanOrEqual(2);
    for (const [table, count] of Object.entries(hitsBefore)) expect(document.sources[table] ?? 0, table).toBeGreaterThanOrEqual(count);
    expect(document.membership.optionalEmails).toBe("unsubscribed");
    expect(document.prizeClaims[0]).toMatchObject({ status: "claimed", shippingAddress: { addressLine1: "1 Savannah Way" } });
    expect(document.pointsHistory.map((entry) => entry.what)).toContain("+5 — watched the trailer");

    const before = await standings();
    const erasedScore = before.get(targetId)!;
    expect(await requestOwnErasure({ memberId: targetId, sessionId })).toBeUndefined();
    expect(await eraseByLink(createErasureToken(targetId))).toEqual({ outcome: "erased", memberId: targetId });

    expect(await scanCatalog([ADDRESS, LOCAL_PART])).toEqual({});
    const after = await standings();
    expect(after.has(targetId)).toBe(false);
    expect(after.size).toBe(before.size - 1);
    for (const [id, was] of before) {
      if (id === targetId) continue;
      const now = after.get(id)!;
      expect(now.points, id).toBe(was.points);
      expect(now.triggerRank, id).toBe(now.countedRank);
      // Only a member who stood behind the erased one moves up, by one place.
      expect(now.countedRank, id).toBe(was.countedRank - (was.countedRank > erasedScore.countedRank ? 1 : 0));
    }

    // The referrer keeps what the referral paid; the friend they brought keeps theirs; the standings name a former crew member.
    const referrerHistory = await getPointsHistory(referrerId);
    expect(referrerHistory.entries.find((entry) => entry.reason === "referral_credit")).toMatchObject({ delta: 10, other: null });
    expect((await getPointsHistory(friendId)).entries.find((entry) => entry.reason === "referral_bonus")).toBeDefined();
    const [october] = await listHallOfFame();
    expect(JSON.stringify(october)).toContain("Former crew member");
    // A tombstone without the person, and a webhook telling integrations to forget the id.
    const tombstone = (await db.execute<{ actor_name: string; before: unknown; after: unknown }>(sql`select actor_name, before, after from audit_events where action = 'member.erased' and target_id = ${targetId}`)).rows;
    expect(tombstone).toEqual([{ actor_name: "the member (confirmed link)", before: null, after: null }]);
    // The back office's changes to them keep what was done and by whom, not the values (notes, tags).
    const changes = (await db.execute<{ action: string; actor_name: string; before: unknown; after: unknown }>(sql`select action, actor_name, before, after from audit_events where target_id = ${targetId} and action like 'member.%ed' and action <> 'member.erased' order by id`)).rows;
    expect(changes.map((row) => row.action)).toEqual(["member.tags_changed", "member.notes_changed", "member.blocked", "member.unblocked"]);
    expect(changes.every((row) => row.actor_name === "boss@example.com" && row.before === null && row.after === null)).toBe(true);
    const erasedEvents = (await db.execute<{ payload: { data: unknown }; status: string }>(sql`select payload, status from webhook_messages where event_type = 'member.erased'`)).rows;
    expect(erasedEvents.map((row) => row.payload.data)).toEqual([{ memberId: targetId }]);
    expect(await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.id, targetId))).toEqual([]);
    // By design the unsubscribe outlives the erasure, as a hash that holds no address text (the scan found none).
    expect(await db.select({ reason: emailSuppressions.reason }).from(emailSuppressions).where(eq(emailSuppressions.emailHash, emailHashOf(ADDRESS)))).toEqual([{ reason: "unsubscribed" }]);
  });

  it("answers a used, stale or forged link without erasing anyone, and asks for a fresh sign-in first", async () => {
    expect(await eraseByLink(createErasureToken(targetId))).toEqual({ outcome: "used", memberId: targetId });
    const member = await joinWaitlist({ email: "late.lark@example.com", consent: SELF_CONSENT });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    expect(await readErasureLink(createErasureToken(member.member.id, dayAgo))).toEqual({ status: "expired" });
    expect(await eraseByLink(createErasureToken(member.member.id, dayAgo))).toEqual({ outcome: "expired" });
    expect(await eraseByLink(`${member.member.id}.9999999999999.forged`)).toEqual({ outcome: "invalid" });
    expect(await eraseByLink(undefined)).toEqual({ outcome: "invalid" });

    await signInAs("late.lark@example.com");
    const [session] = await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, "late.lark@example.com"));
    const own = { memberId: member.member.id, sessionId: session!.id };
    for (let i = 0; i < 5; i += 1) await exportOwnData(own);
    expect(await refusal(exportOwnData(own))).toBe(429);
    await db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) }).where(eq(sessions.id, session!.id));
    expect(await refusal(requestOwnErasure(own))).toBe(403);
    expect(await readErasureLink(createErasureToken(member.member.id))).toEqual({ status: "valid", memberId: member.member.id });
  });

  it("exports only mail proven to be the member's: not what an address they asked to move to received (issue 37)", async () => {
    // A neighbour who is no member got a parent's notice; a member asks to move to that address.
    const neighbour = "neighbour.home.8817@example.org";
    await requestParentConsent({ parentEmail: neighbour, agePass: { band: "under_consent_age", childHashes: [], typed: [], expiresAt: Date.now() + 60_000 }, referralCode: null, via: null, clientIp: "203.0.113.77", userAgent: null, siteLanguage: "en" });
    const { member } = await joinWaitlist({ email: "curious.mover.8817@example.org", consent: SELF_CONSENT });
    await signInAs("curious.mover.8817@example.org");
    await requestAddressChange({ id: member.id, email: "curious.mover.8817@example.org" }, neighbour, { sessionId: await sessionIdOf("curious.mover.8817@example.org") });
    const document = await buildMemberExport(member.id);
    expect(document.emails.map((email) => email.kind).sort()).toEqual(["address_change", "magic_link", "welcome"]);
    // Their erasure takes their own link to that address and leaves the neighbour's notice.
    expect(await eraseByLink(createErasureToken(member.id))).toEqual({ outcome: "erased", memberId: member.id });
    const toNeighbour = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, neighbour));
    expect(toNeighbour).toEqual([{ kind: "parent_consent" }]);
  });

  it("leaves no trace of an address the member moved away from (ADR 0046), nor of the new one", async () => {
    const former = "former.home.5521@example.org";
    const present = "present.home.5521@example.net";
    const { member } = await joinWaitlist({ email: former, consent: SELF_CONSENT });
    await signInAs(former);
    await requestMagicLink({ email: former, clientIp: "127.0.0.1" });
    await requestAddressChange({ id: member.id, email: former }, present, { sessionId: await sessionIdOf(former) });
    const [mail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(and(eq(emailOutbox.kind, "address_change"), eq(emailOutbox.toAddress, present)));
    expect(await confirmAddressChange(/token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1])).toBe("changed");
    await requestMagicLink({ email: present, clientIp: "127.0.0.1" });
    // Moving forgot the old address's history (its sign-in link and counter, its e-mails, the
    // address in the integration's copy of the join); the notice to it is marked as the member's.
    expect(await scanCatalog(["former.home.5521"])).toEqual({ email_outbox: 1 });
    expect((await buildMemberExport(member.id)).sources.email_outbox).toBeGreaterThanOrEqual(2);
    expect(await eraseByLink(createErasureToken(member.id))).toEqual({ outcome: "erased", memberId: member.id });
    expect(await scanCatalog(["former.home.5521", "present.home.5521"])).toEqual({});
  });
});
