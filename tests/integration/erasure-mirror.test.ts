// Issue 37, the mirror of member-erasure.test.ts: erasing members whose addresses are common
// words (mail@, http@, network@, crew@, example@ and the studio domain's label) changes no
// row of anybody else. Every base table of the catalog is read before and after, whole; a
// row that does not name an erased member (their id, their sign-in account, their address
// whole, or the keyed subject of their counters) must come out byte-identical.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consentRequests, memberImportRows, memberImports, sessions, users, webhookEndpoints } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { approvedChild } from "../family-helpers";
import { SELF_CONSENT } from "../factories";
import { signInAs } from "../auth-helpers";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { requestParentConsent } from "~/lib/consent/consent-requests.server";
import { db } from "~/kernel/db.server";
import { enqueueEmail } from "~/lib/email/outbox.server";
import { emailHashOf } from "~/lib/email/suppression.server";
import { getEnv } from "~/kernel/env.server";
import { competitionRankSql } from "~/lib/leaderboard/leaderboard.server";
import { removeChildFromFamily } from "~/lib/family/family.server";
import { eraseMember } from "~/lib/privacy/erase-member.server";
import { requestOwnErasure } from "~/lib/privacy/erasure-link.server";
import { runRetention } from "~/lib/privacy/retention.server";
import { adjustPoints } from "~/lib/referrals/referral-admin.server";
import { addressSubjectOf } from "~/lib/security/person-rate-limit.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { changeMember } from "~/lib/waitlist/member-admin.server";
import { emailIdentity } from "~/lib/waitlist/email-identity";
import { eq } from "drizzle-orm";

const studioLabel = getEnv().CONTACT_EMAIL.split("@")[1]!.split(".")[0]!;
const ERASED = ["mail", "http", "network", "crew", "example", studioLabel].map((local) => `${local}@family.example`);
/** Others whose addresses, names and mail hold the same words, in every place erasure once searched. */
const OTHERS = ["mail.order@family.example", "http.fan@homes.example", "ben.network@homes.example", "crew.captain@family.example", "example.kid@school.example", `${studioLabel}.fan@homes.example`];
const ADMIN = { id: "admin-1", name: `Lena at ${studioLabel}`, email: `lena@${studioLabel}.example`, role: "admin" as const };
/** Counts kept per score, not per member: they follow the membership count, and are checked against a recount. */
const COUNTS_PER_SCORE = ["leaderboard_score_counts", "leaderboard_score_deltas"];

type Snapshot = Map<string, string[]>;

/** Every row of every base table of the public schema, as its JSON text. */
async function snapshotCatalog(): Promise<Snapshot> {
  const tables = (await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).rows;
  const snapshot: Snapshot = new Map();
  for (const { table_name } of tables) {
    const rows = await db.execute<{ row: string }>(sql.raw(`select to_jsonb(t)::text as row from "${table_name}" t`));
    snapshot.set(table_name, rows.rows.map((row) => row.row).sort());
  }
  return snapshot;
}

/** A row's primary key, as text: how a changed row is paired with what it was. */
async function primaryKeyOf(table: string): Promise<(rowText: string) => string> {
  const columns = (
    await db.execute<{ name: string }>(sql`
      select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary order by a.attname`)
  ).rows.map((row) => row.name);
  return (rowText) => {
    const row = JSON.parse(rowText) as Record<string, unknown>;
    return JSON.stringify(columns.map((column) => row[column]));
  };
}

/** Whether a row names one of the erased: a string in it (or in JSON text in it) is one of their identifiers, or a counter's subject. */
function namesOneOf(rowText: string, identifiers: Set<string>): boolean {
  const walk = (node: unknown): boolean => {
    if (typeof node === "string") {
      const value = node.toLowerCase();
      if (identifiers.has(value) || identifiers.has(value.split(":").slice(2).join(":"))) return true;
      if (value.startsWith("{")) {
        try {
          return walk(JSON.parse(node));
        } catch {
          return false;
        }
      }
      return false;
    }
    if (Array.isArray(node)) return node.some(walk);
    if (node !== null && typeof node === "object") return Object.values(node).some(walk);
    return false;
  };
  return walk(JSON.parse(rowText));
}

function without(rows: string[], gone: string[]): string[] {
  const left = [...rows];
  for (const row of gone) {
    const at = left.indexOf(row);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/**
 * Between the two snapshots, every row that does not name `theirs` is unchanged, a new or
 * changed row names them or replaces one that did, and nothing names them afterwards but a
 * tombstone or an audit row without values.
 */
async function expectOnlyTheirsChanged(before: Snapshot, after: Snapshot, theirs: Set<string>): Promise<void> {
  for (const [table, rows] of before) {
    if (COUNTS_PER_SCORE.includes(table)) continue;
    expect(without(rows.filter((row) => !namesOneOf(row, theirs)), after.get(table)!), table).toEqual([]);
    const keyOf = await primaryKeyOf(table);
    const namedThem = new Set(rows.filter((row) => namesOneOf(row, theirs)).map(keyOf));
    for (const row of without(after.get(table)!, rows)) expect(namesOneOf(row, theirs) || namedThem.has(keyOf(row)), `${table}: ${row}`).toBe(true);
  }
  for (const [table, rows] of after) {
    const left = rows.filter((row) => namesOneOf(row, theirs));
    expect(without(left, left.filter((row) => /"member\.erased"/.test(row) || (table === "audit_events" && /"after": null/.test(row)))), table).toEqual([]);
  }
}

const erasedIds: string[] = [];
const identifiers = new Set<string>();

beforeAll(async () => {
  await resetDatabase();
  await db.insert(users).values(ADMIN);
  await db.insert(webhookEndpoints).values({ url: "https://hooks.example.net/in", events: ["member.joined", "member.confirmed", "member.blocked", "referral.held", "referral.credited", "member.erased"], secret: "whsec_dGVzdA==" });

  const everyone = [...OTHERS, ...ERASED];
  const ids = new Map<string, string>();
  let referralCode: string | null = null;
  for (const [index, email] of everyone.entries()) {
    // A chain of referrals across both groups: each arrives through the one before.
    const joined = await joinWaitlist({ email, referralCode, consent: SELF_CONSENT, referralCredit: "join", notes: `Family mail: write to ${email} over http` });
    ids.set(email, joined.member.id);
    referralCode = joined.member.referralCode;
    const clientIp = `198.51.100.${index + 1}`;
    await signInAs(email, clientIp);
    await requestMagicLink({ email, clientIp });
    await changeMember(joined.member.id, { kind: "tags", tags: ["crew", "mail", "network"] }, ADMIN.id);
    await adjustPoints(joined.member.id, 10 + index, ADMIN.id);
    // A newsletter-like message whose body says every word, and a parent's request from the address.
    await enqueueEmail({ kind: "broadcast", to: email, subject: "Crew news by e-mail", html: `<p>mail http network crew example ${studioLabel}</p>`, text: "mail http network crew example", memberId: joined.member.id });
    await requestParentConsent({ parentEmail: email, agePass: { band: "under_consent_age", childHashes: [], typed: [], expiresAt: Date.now() + 60_000 }, referralCode: null, via: null, clientIp, userAgent: "Mozilla/5.0 (X11; Linux x86_64)", siteLanguage: "en" });
  }
  // Pending requests of erasure (a mail with a link) for the others, and a staged import naming everyone.
  for (const email of OTHERS) {
    const [session] = await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email));
    await requestOwnErasure({ memberId: ids.get(email)!, sessionId: session!.id });
  }
  const [upload] = await db.insert(memberImports).values({ fileName: "crew-mail-network.csv", createdBy: ADMIN.id }).returning({ id: memberImports.id });
  await db.insert(memberImportRows).values(everyone.map((email, index) => ({ importId: upload!.id, line: index + 2, email, identity: emailIdentity(email), outcome: "existing" as const, notes: "mail crew network" })));

  for (const email of ERASED) {
    const id = ids.get(email)!;
    erasedIds.push(id);
    identifiers.add(id).add(email).add(emailIdentity(email)).add(addressSubjectOf(emailHashOf(email)).toLowerCase());
  }
  for (const user of await db.select({ id: users.id, email: users.email }).from(users)) if (ERASED.includes(user.email)) identifiers.add(user.id.toLowerCase());
  expect(await db.select().from(consentRequests)).toHaveLength(everyone.length);
});

describe("erasing members whose addresses are common words", () => {
  it("changes no row that is not theirs, in any table, and leaves nothing of theirs", async () => {
    const before = await snapshotCatalog();
    for (const id of erasedIds) expect(await eraseMember(id, { kind: "member" })).toBe(true);
    const after = await snapshotCatalog();

    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [table, rows] of before) {
      if (COUNTS_PER_SCORE.includes(table)) continue;
      const others = rows.filter((row) => !namesOneOf(row, identifiers));
      // Every row of anybody else is still there, byte for byte …
      expect(without(others, after.get(table)!), table).toEqual([]);
      // … and what is new either names the erased (the tombstone, integrations' member.erased) or
      // is a row that named them and now does not (another's ledger line: "a former crew member").
      const keyOf = await primaryKeyOf(table);
      const namedThem = new Set(rows.filter((row) => namesOneOf(row, identifiers)).map(keyOf));
      const added = without(after.get(table)!, rows);
      for (const row of added) expect(namesOneOf(row, identifiers) || namedThem.has(keyOf(row)), `${table}: ${row}`).toBe(true);
    }
    // The fixture did reach the places erasure used to search with a substring.
    for (const table of ["email_outbox", "verifications", "rate_limits", "audit_events", "member_audit_log", "member_import_rows", "webhook_messages", "consent_requests", "sessions", "users"]) {
      expect(before.get(table)!.filter((row) => !namesOneOf(row, identifiers)).length, table).toBeGreaterThan(0);
      expect(before.get(table)!.filter((row) => namesOneOf(row, identifiers)).length, table).toBeGreaterThan(0);
    }

    // What was theirs is gone: no row names them but the tombstones and the audit log's record
    // of what was done to them (by whom, when; without the values).
    for (const [table, rows] of after) {
      const left = rows.filter((row) => namesOneOf(row, identifiers));
      const kept = left.filter((row) => /"member\.erased"/.test(row) || (table === "audit_events" && /"after": null/.test(row) && /"before": null/.test(row)));
      expect(without(left, kept), table).toEqual([]);
    }
    // The counts per score still agree with the members: every rank they give is the counted one.
    const ranks = await db.execute<{ kept: number; counted: number }>(sql`
      select ${competitionRankSql(sql`m.points`, sql`m.referrals_made`)} as kept,
             (1 + (select count(*) from waitlist_users o where not o.is_blocked and (o.points, o.referrals_made) > (m.points, m.referrals_made)))::int as counted
        from waitlist_users m where not m.is_blocked`);
    expect(ranks.rows).toHaveLength(OTHERS.length);
    for (const rank of ranks.rows) expect(Number(rank.kept)).toBe(Number(rank.counted));
  });
});

describe("removing one child of a family", () => {
  it("changes no row of the grown-up, the sibling or anyone else, though all three share one address", async () => {
    // A common word again, for a family: the grown-up's own membership and two children on one address.
    const parent = "mail@homes.example";
    const own = await joinWaitlist({ email: parent, consent: SELF_CONSENT, notes: "mail http network crew" });
    await signInAs(parent, "198.51.100.90");
    await requestMagicLink({ email: parent, clientIp: "198.51.100.90" });
    const leaving = await approvedChild(parent);
    const staying = await approvedChild(parent, { show: false });
    await enqueueEmail({ kind: "broadcast", to: parent, subject: "Crew news", html: "<p>mail crew</p>", text: "mail crew", memberId: staying.id });
    await enqueueEmail({ kind: "broadcast", to: parent, subject: "Crew news", html: "<p>mail crew</p>", text: "mail crew", memberId: leaving.id });

    const before = await snapshotCatalog();
    await removeChildFromFamily(parent, leaving.id);
    const after = await snapshotCatalog();

    // Only the removed child's id names what may go or change: the address is still the family's.
    const theirs = new Set([leaving.id.toLowerCase()]);
    // What was the child's is gone; the grown-up and the sibling keep their memberships, mail and sign-in.
    await expectOnlyTheirsChanged(before, after, theirs);
    const members = await db.execute<{ id: string }>(sql`select id from waitlist_users where email = ${parent} order by join_date`);
    expect(members.rows.map((row) => row.id)).toEqual([own.member.id, staying.id]);
    expect((await db.execute(sql`select 1 from email_outbox where to_address = ${parent}`)).rows.length).toBeGreaterThan(1);
    expect((await db.execute(sql`select 1 from users where email = ${parent}`)).rows).toHaveLength(1);
  });
});

describe("a retention run", () => {
  it("erases only the members past the schedule: no row of anyone else changes, though their addresses share the words", async () => {
    // Unconfirmed for 31 days, on addresses holding the others' words; beside them, one unconfirmed for 29 days.
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const expired = ["mail@school.example", "crew@school.example"];
    const theirs = new Set<string>();
    for (const [index, email] of [...expired, "mail.crew@school.example"].entries()) {
      const { member } = await joinWaitlist({ email, isConfirmed: false, notes: "mail crew network" });
      const clientIp = `198.51.100.${120 + index}`;
      await signInAs(email, clientIp);
      await requestMagicLink({ email, clientIp });
      await enqueueEmail({ kind: "broadcast", to: email, subject: "Crew news", html: "<p>mail crew</p>", text: "mail crew", memberId: member.id });
      const daysAgo = expired.includes(email) ? 31 : 29;
      await db.execute(sql`update waitlist_users set join_date = ${new Date(now.getTime() - daysAgo * day).toISOString()} where id = ${member.id}`);
      if (expired.includes(email)) theirs.add(member.id.toLowerCase()).add(email).add(emailIdentity(email)).add(addressSubjectOf(emailHashOf(email)).toLowerCase());
    }
    for (const user of await db.select({ id: users.id, email: users.email }).from(users)) if (expired.includes(user.email)) theirs.add(user.id.toLowerCase());

    const before = await snapshotCatalog();
    // The fixture reaches their mail, sign-in and links, beside others' rows holding the same words.
    for (const table of ["email_outbox", "sessions", "verifications", "users"]) expect(before.get(table)!.filter((row) => namesOneOf(row, theirs)).length, table).toBeGreaterThan(0);
    expect(await runRetention(now)).toEqual({ unconfirmedErased: expired.length, afterLaunchErased: 0, skipped: false });
    const after = await snapshotCatalog();

    await expectOnlyTheirsChanged(before, after, theirs);
    const kept = await db.execute<{ email: string }>(sql`select email from waitlist_users where email like '%@school.example' order by email`);
    expect(kept.rows.map((row) => row.email)).toEqual(["example.kid@school.example", "mail.crew@school.example"]);
  });
});
