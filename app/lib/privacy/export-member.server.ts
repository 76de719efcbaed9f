import { sql, type SQL } from "drizzle-orm";
import { recordAdminAuditEvent, recordAuditEvent } from "../audit/audit.server";
import { canAccess, type Role } from "../auth/roles";
import { isUuid } from "../../kernel/uuid";
import { describeConsent } from "../consent/consent-label";
import type { ConsentMethod } from "../consent/consent-rules";
import { crewNameOf, publicNameOf } from "../crew-names/crew-name";
import { db } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { badgeFor } from "../leaderboard/badges";
import { competitionRankSql } from "../leaderboard/leaderboard.server";
import { getSuppression } from "../email/suppression.server";
import { historyLine, type HistoryReason } from "../points/history-text";
import { i18nFor } from "../i18n/catalogs.server";
import { decryptAddressText, resolveShippingAddressKey } from "../prizes/address-crypto.server";
import { addressList, auditNames, consentRefusalNames, consentRequestNames, importRowNames, loadMemberTraces, outboxNames, rateLimitNames, verificationNames, webhookNames } from "./member-rows.server";
import type { MemberTraces } from "./member-traces";
import { admitPrivacyRequest } from "./privacy-request.server";

// "My data" (ADR 0045): everything held about one member, as one JSON document. Each
// section is read from the rows the erasure removes (member-rows.server.ts): rows that name
// their id or their confirmed contact address, whole (ADR 0059), and `sources`
// counts them per table, so a test can hold the export against a scan of every column.

export const EXPORT_FORMAT = "launchcrew-member-export/1";

export type MemberExport = {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  site: string;
  about: string[];
  membership: Record<string, unknown>;
  consent: Record<string, unknown>;
  tags: { values: string[]; note: string };
  pointsHistory: { date: string; points: number; what: string }[];
  referralsMade: { friend: string; status: string; date: string }[];
  referredBy: string | null;
  badge: string | null;
  seasons: Record<string, unknown>[];
  prizeClaims: Record<string, unknown>[];
  emails: { date: string; kind: string; subject: string; status: string }[];
  signIn: Record<string, unknown>;
  records: Record<string, unknown[]>;
  /** Rows read per table: the tables erasure empties of this member, and consent_refusals, which it leaves to lapse (ADR 0062). */
  sources: Record<string, number>;
  /** In the grown-up's own download: every other membership of their address (ADR 0067), each a document like this one. */
  family?: MemberExport[];
};

type Row = Record<string, unknown>;
const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

async function rows(query: SQL): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

const NOTES = [
  "This file holds everything this site keeps about this membership. For a child's membership the contact address is the parent's.",
  "Other members appear only by crew name; their addresses are never part of your data.",
  "Tags: every tag on the membership is included. The back office has no way to mark a tag internal, so none is left out.",
  "Sign-in sessions are listed by when they began and ended; their tokens are not included.",
  "A prize shipping address is included only while a claim holds one (it is deleted 30 days after shipping).",
  "Counters of requests (rate limits) are listed by what they count, without the rest of their key.",
  "If you answered \"This is not my child\" to a consent request, it is listed with the day it ends; deleting your data leaves it until then, so no request reaches your address meanwhile.",
];

async function collect(traces: MemberTraces, member: Row): Promise<MemberExport> {
  const id = traces.memberId;
  const [ledger, referralsMade, referredBy, standings, seasonPoints, claims, emails, auditRows, memberAudits, importRows, webhookRows, limitRows, linkRows, userRows, sessionRows, aliasRows, placeRows, consentRequestRows, addressChangeRows, suppression, rank, inviteRows, refusalRows] = await Promise.all([
    rows(sql`select l.delta, l.reason, l.created_at, o.id as other_id, o.crew_name_roll as other_roll, o.confirmed_email as other_confirmed
               from points_ledger l left join waitlist_users o on o.id = l.related_member_id where l.member_id = ${id} order by l.id`),
    rows(sql`select r.status, r.created_at, r.referred_id, f.crew_name_roll from referrals r left join waitlist_users f on f.id = r.referred_id where r.referrer_id = ${id} order by r.id`),
    rows(sql`select r.referrer_id, f.crew_name_roll from referrals r join waitlist_users f on f.id = r.referrer_id where r.referred_id = ${id}`),
    rows(sql`select season, position, rank, points, referrals, prize, skip_reason, crew_name_roll from season_standings where member_id = ${id} order by season`),
    rows(sql`select season, points, referrals from season_points where member_id = ${id} order by season`),
    rows(sql`select season, prize, status, link_expires_at, claimed_at, shipped_at, address_deleted_at, address_ciphertext from prize_claims where member_id = ${id} order by season`),
    rows(sql`select created_at, kind, subject, status, sent_at from email_outbox where ${outboxNames(traces)} order by id`),
    rows(sql`select occurred_at, actor_kind, action from audit_events where ${auditNames(traces)} order by id`),
    rows(sql`select created_at, action, before, after from member_audit_log where member_id = ${id} order by id`),
    rows(sql`select r.line, r.outcome, r.tags, i.file_name, i.created_at from member_import_rows r join member_imports i on i.id = r.import_id where ${importRowNames(traces)} order by i.created_at, r.line`),
    rows(sql`select event_type, status, created_at, delivered_at from webhook_messages where ${webhookNames(traces)} order by id`),
    rows(sql`select split_part(key, ':', 1) || ':' || split_part(key, ':', 2) as counts, hits, window_started_at from rate_limits where ${rateLimitNames(traces)}`),
    rows(sql`select created_at, expires_at from verifications where ${verificationNames(traces)}`),
    rows(sql`select id, name, created_at, email_verified from users where lower(email) = any(${addressList(traces)})`),
    rows(sql`select s.created_at, s.expires_at, s.last_active_at from sessions s join users u on u.id = s.user_id where lower(u.email) = any(${addressList(traces)}) order by s.created_at`),
    rows(sql`select code from referral_code_aliases where member_id = ${id}`),
    rows(sql`select last_rank, last_at from member_places where member_id = ${id}`),
    rows(sql`select requested_at, expires_at, consent_country, consent_age from consent_requests where ${consentRequestNames(traces)}`),
    rows(sql`select new_email, requested_at, expires_at from address_changes where member_id = ${id}`),
    getSuppression(String(member.email)),
    member.is_blocked ? Promise.resolve([]) : rows(sql`select ${competitionRankSql(Number(member.points), Number(member.referrals_made))} as rank`),
    rows(sql`select w.name as wave, i.invited_at, i.admitted_at from member_invites i join waves w on w.id = i.wave_id where i.member_id = ${id}`),
    rows(sql`select refused_at, refused_until from consent_refusals where ${consentRefusalNames(traces)}`),
  ]);

  const key = claims.some((claim) => claim.address_ciphertext) ? resolveShippingAddressKey(getEnv()) : null;
  const accountRows = userRows.length
    ? await rows(sql`select provider_id, created_at from accounts where user_id in (${sql.join(userRows.map((user) => sql`${user.id as string}`), sql`, `)})`)
    : [];
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    site: getEnv().SITE_NAME,
    about: NOTES,
    membership: {
      id,
      contactEmail: member.email,
      crewName: crewNameOf(id, Number(member.crew_name_roll)),
      referralCode: member.referral_code,
      earlierReferralCodes: aliasRows.map((alias) => alias.code),
      joined: iso(member.join_date),
      emailConfirmed: member.confirmed_email,
      emailConfirmedAt: iso(member.confirmed_at),
      watchedTrailer: member.has_viewed_trailer,
      points: member.points,
      referralsMade: member.referrals_made,
      rank: rank[0]?.rank ?? null,
      lastSeenRank: placeRows[0] ? { rank: placeRows[0].last_rank, at: iso(placeRows[0].last_at) } : null,
      blocked: member.is_blocked,
      optionalEmails: suppression ?? "subscribed",
      language: member.language,
      // Launch access (ADR 0049): waiting, or the wave that invited them and when they accepted.
      launch: inviteRows[0]
        ? { status: inviteRows[0].admitted_at ? "admitted" : "invited", wave: inviteRows[0].wave, invited: iso(inviteRows[0].invited_at), admitted: iso(inviteRows[0].admitted_at) }
        : { status: "waiting" },
      notesByTheCrew: member.notes,
      joinedFrom: { device: member.signup_device, country: member.signup_country, network: member.signup_network, sharedVia: member.signup_via },
    },
    consent: {
      ageBand: member.age_band,
      method: member.consent_method,
      at: iso(member.consent_at),
      privacyNoticeVersion: member.privacy_notice_version,
      // The country given on the age question and the consent age it set (ADR 0063).
      country: member.consent_country,
      consentAge: member.consent_age,
      // A parent's choices for their child (ADR 0065); null for a grown-up's own membership.
      parentsChoices: member.consent_method === "parent_email_plus" ? { showOnPublicLeaderboard: member.leaderboard_choice === true, shareWithStudiosPartners: member.partner_sharing_choice === true } : null,
      inWords: describeConsent({
        consentMethod: member.consent_method as ConsentMethod | null,
        consentAt: iso(member.consent_at),
        privacyNoticeVersion: member.privacy_notice_version as number | null,
        consentCountry: member.consent_country as string | null,
        consentAge: member.consent_age as number | null,
      }),
    },
    tags: { values: member.tags as string[], note: NOTES[2]! },
    pointsHistory: ledger.map((entry) => ({
      date: iso(entry.created_at)!,
      points: Number(entry.delta),
      what: historyLine({ id: 0, delta: Number(entry.delta), reason: entry.reason as HistoryReason, other: entry.other_id ? crewNameOf(entry.other_id as string, Number(entry.other_roll)) : null, otherConfirmed: Boolean(entry.other_confirmed), at: "" }, i18nFor("en")),
    })),
    referralsMade: referralsMade.map((referral) => ({ friend: publicNameOf({ memberId: referral.referred_id as string | null, roll: Number(referral.crew_name_roll) }), status: String(referral.status), date: iso(referral.created_at)! })),
    referredBy: referredBy[0] ? crewNameOf(referredBy[0].referrer_id as string, Number(referredBy[0].crew_name_roll)) : null,
    badge: badgeFor({ confirmedEmail: Boolean(member.confirmed_email), referralsMade: Number(member.referrals_made), points: Number(member.points), joinDate: new Date(member.join_date as string) }),
    seasons: [
      ...seasonPoints.map((season) => ({ season: String(season.season).slice(0, 7), points: season.points, referrals: season.referrals })),
      ...standings.map((standing) => ({
        season: String(standing.season).slice(0, 7),
        finalPosition: standing.position,
        rank: standing.rank,
        points: standing.points,
        referrals: standing.referrals,
        crewNameThen: crewNameOf(id, Number(standing.crew_name_roll)),
        prize: standing.prize,
        skipped: standing.skip_reason,
      })),
    ],
    prizeClaims: claims.map((claim) => ({
      season: String(claim.season).slice(0, 7),
      prize: claim.prize,
      status: claim.status,
      linkExpires: iso(claim.link_expires_at),
      claimed: iso(claim.claimed_at),
      shipped: iso(claim.shipped_at),
      addressDeleted: iso(claim.address_deleted_at),
      shippingAddress: key && claim.address_ciphertext ? JSON.parse(decryptAddressText(String(claim.address_ciphertext), key, `prize-claim:${String(claim.season)}:${id}`)) : null,
    })),
    emails: emails.map((email) => ({ date: iso(email.created_at)!, kind: String(email.kind), subject: String(email.subject), status: email.sent_at ? `sent ${iso(email.sent_at)}` : String(email.status) })),
    signIn: {
      account: userRows[0] ? { created: iso(userRows[0].created_at), emailVerified: userRows[0].email_verified, signInMethods: accountRows.map((account) => account.provider_id) } : null,
      sessions: sessionRows.map((session) => ({ began: iso(session.created_at), lastActive: iso(session.last_active_at), expires: iso(session.expires_at) })),
      pendingSignInLinks: linkRows.map((link) => ({ created: iso(link.created_at), expires: iso(link.expires_at) })),
    },
    records: {
      changesByTheCrew: [
        ...memberAudits.map((entry) => ({ date: iso(entry.created_at), action: entry.action, before: entry.before, after: entry.after })),
        ...auditRows.map((entry) => ({ date: iso(entry.occurred_at), action: entry.action, by: entry.actor_kind })),
      ],
      importedFrom: importRows.map((row) => ({ file: row.file_name, line: row.line, outcome: row.outcome, tags: row.tags, checked: iso(row.created_at) })),
      webhookEvents: webhookRows.map((row) => ({ event: row.event_type, status: row.status, queued: iso(row.created_at), delivered: iso(row.delivered_at) })),
      requestCounters: limitRows.map((row) => ({ counts: row.counts, hits: row.hits, since: iso(row.window_started_at) })),
      parentConsentRequests: consentRequestRows.map((row) => ({ requested: iso(row.requested_at), expires: iso(row.expires_at), country: row.consent_country, consentAge: row.consent_age })),
      notMyChildAnswers: refusalRows.map((row) => ({ answered: iso(row.refused_at), noRequestsUntil: iso(row.refused_until) })),
      pendingAddressChange: addressChangeRows.map((row) => ({ newAddress: row.new_email, requested: iso(row.requested_at), linkExpires: iso(row.expires_at) })),
    },
    sources: {
      waitlist_users: 1,
      referral_code_aliases: aliasRows.length,
      points_ledger: ledger.length,
      referrals: referralsMade.length + referredBy.length,
      season_points: seasonPoints.length,
      season_standings: standings.length,
      member_places: placeRows.length,
      prize_claims: claims.length,
      email_outbox: emails.length,
      audit_events: auditRows.length,
      member_audit_log: memberAudits.length,
      member_import_rows: importRows.length,
      webhook_messages: webhookRows.length,
      rate_limits: limitRows.length,
      verifications: linkRows.length,
      users: userRows.length,
      sessions: sessionRows.length,
      accounts: accountRows.length,
      consent_requests: consentRequestRows.length,
      address_changes: addressChangeRows.length,
      member_invites: inviteRows.length,
      consent_refusals: refusalRows.length,
    },
  };
}

async function loadMember(memberId: string): Promise<{ member: Row; traces: MemberTraces }> {
  const [member] = await rows(sql`select * from waitlist_users where id = ${memberId}`);
  const traces = member ? await loadMemberTraces(db, memberId) : null;
  if (!member || !traces) throw new AppError("NOT_FOUND", "We couldn't find this member. They may have been deleted.");
  return { member, traces };
}

/** The document, read without a guard or an audit row (the test reads it this way). */
export async function buildMemberExport(memberId: string): Promise<MemberExport> {
  const { member, traces } = await loadMember(memberId);
  return collect(traces, member);
}

const removedMeanwhile = (error: unknown): null => {
  if (error instanceof AppError && error.code === "NOT_FOUND") return null;
  throw error;
};

/** The other memberships of the member's address: their family (ADR 0067), by the identity column, whole. */
async function familyMemberIds(memberId: string): Promise<string[]> {
  const family = await rows(sql`
    select o.id from waitlist_users m join waitlist_users o on o.email_identity = m.email_identity and o.id <> m.id
     where m.id = ${memberId} order by o.join_date, o.id`);
  return family.map((row) => String(row.id));
}

/**
 * A member downloads their own data: a fresh sign-in, within limits, audited (without the
 * address). The grown-up signed in with the family's address gets every membership it holds.
 */
export async function exportOwnData(request: { memberId: string; sessionId: string }): Promise<MemberExport> {
  await admitPrivacyRequest("export", request);
  const document = await buildMemberExport(request.memberId);
  // A child removed meanwhile is simply not in the file.
  const family = (await Promise.all((await familyMemberIds(request.memberId)).map((id) => buildMemberExport(id).catch(removedMeanwhile)))).filter((member) => member !== null);
  for (const id of [request.memberId, ...family.map((member) => String(member.membership.id))]) {
    await recordAuditEvent(db, { kind: "system", name: "the member (self-service)" }, { action: "member.exported", targetType: "member", targetId: id });
  }
  return family.length > 0 ? { ...document, family } : document;
}

/** An owner or admin downloads a member's data from Waitlist Users (checked here too; audited, without the address). */
export async function exportMemberDataAsAdmin(memberId: string, admin: { id: string; role: Role }): Promise<MemberExport> {
  if (!canAccess(admin.role, "waitlist-emails", "edit")) throw new AppError("FORBIDDEN", "Only owners and admins may download a member's data.");
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", "We couldn't find this member. They may have been deleted.");
  const document = await buildMemberExport(memberId);
  await recordAdminAuditEvent(db, admin.id, { action: "member.exported", targetType: "member", targetId: memberId });
  return document;
}

/** The download's file name: the crew name, never the address. */
function exportFileName(document: MemberExport): string {
  return `my-data-${String(document.membership.crewName).toLowerCase().replace(/[^a-z0-9]+/g, "-")}.json`;
}

/** The export as the download both the member and an admin get: a private, uncached JSON attachment. */
export function exportDownload(document: MemberExport): Response {
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(document)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
