import { DEFAULT_LANGUAGE, type Language } from "../../kernel/i18n/languages";
import { sql } from "drizzle-orm";
import { recordAdminAuditEvent, recordAuditEvent } from "../audit/audit.server";
import { canAccess, type Role } from "../auth/roles";
import { checkBirthMonth, type AgeBand } from "../consent/age";
import type { AgePass } from "../consent/age-pass.server";
import { decideAge } from "../consent/decide-age.server";
import type { AppliedConsentAge } from "../consent/consent-age-by-country";
import { isUnderAgeRemembered } from "../consent/age-memory.server";
import { db, type Executor } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { startPeriodicJob } from "../jobs/periodic.server";
import { log } from "../../kernel/log.server";
import { publicNameOf } from "../crew-names/crew-name";
import { seasonLabel } from "../seasons/season-calendar";
import { getWinnerTemplates, queueWinnerEmail } from "../seasons/winner-email.server";
import { refuseRealWinnerMailDuringRehearsal } from "../launch/rehearsal-guard.server";
import { decryptAddressText, encryptAddressText, resolveShippingAddressKey } from "./address-crypto.server";
import { readPrizeClaimToken } from "./claim-token.server";
import type { ClaimStatus } from "./claim-status";
import { NEEDS_PARENT_MESSAGE } from "./prize-claim-form";
import type { ShippingAddress } from "./prize-claim.schema";
import { ADVISORY_LOCKS } from "../../kernel/advisory-locks";

// Season prizes claimed through the winner's contact address (ADR 0043). The winner e-mail
// links here; the address is taken only when consent is on record, stored only encrypted,
// shown to owners and admins on request (audited), and deleted 30 days after shipping.

/** How long the claim link in the winner e-mail works. */
export const CLAIM_LINK_DAYS = 60;
/** Days after "Mark shipped" until the address is deleted. */
export const ADDRESS_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const ADDRESS_JOB_INTERVAL_MS = 60 * 60 * 1000;
const ADDRESS_JOB = { kind: "system", name: "Prize address deletion" } as const;


function claimContext(season: string, memberId: string): string {
  return `prize-claim:${season}:${memberId}`;
}

/** Writes the claims of a season's winners as they are confirmed (same transaction as their e-mails). */
export async function createPrizeClaims(executor: Executor, season: string, winners: { memberId: string; prize: string }[], now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + CLAIM_LINK_DAYS * DAY_MS).toISOString();
  for (const winner of winners) {
    await executor.execute(sql`
      insert into prize_claims (season, member_id, prize, link_expires_at)
      values (${season}::date, ${winner.memberId}, ${winner.prize}, ${expires}::timestamptz)
      on conflict (season, member_id) do nothing`);
  }
}

export type PrizeClaimPage =
  | { state: "invalid" }
  | { state: "expired" }
  | { state: "needs-age" | "address"; prize: string; season: string }
  | { state: "claimed" | "shipped"; prize: string; season: string };

type ClaimRow = { season: string; member_id: string; prize: string; status: "unclaimed" | "claimed" | "shipped"; link_expires_at: string | Date; consent_method: string | null; email: string };

async function findClaim(token: string): Promise<ClaimRow | null> {
  const named = readPrizeClaimToken(token);
  if (!named) return null;
  const result = await db.execute<ClaimRow>(sql`
    select to_char(c.season, 'YYYY-MM-DD') as season, c.member_id, c.prize, c.status, c.link_expires_at, m.consent_method, m.email
      from prize_claims c join waitlist_users m on m.id = c.member_id
     where c.season = ${named.season}::date and c.member_id = ${named.memberId}
       -- A rehearsal's winners claim nothing (ADR 0051): the page would store their consent.
       and not exists (select 1 from seasons s where s.season = c.season and s.rehearsal)`);
  return result.rows[0] ?? null;
}

function pageOf(row: ClaimRow | null, now: Date, locale?: string): PrizeClaimPage {
  if (!row) return { state: "invalid" };
  const shown = { prize: row.prize, season: seasonLabel(row.season, locale) };
  if (row.status !== "unclaimed") return { state: row.status, ...shown };
  if (new Date(row.link_expires_at).getTime() <= now.getTime()) return { state: "expired" };
  return { state: row.consent_method ? "address" : "needs-age", ...shown };
}

/** What the claim page shows for a link: nothing about the member beyond their prize (its season named in `locale`). */
export async function getPrizeClaimPage(token: string, now = new Date(), locale?: string): Promise<PrizeClaimPage> {
  return pageOf(await findClaim(token), now, locale);
}

const EXPIRED_MESSAGE = /*i18n*/ "This claim link has expired. Please write to us through the contact page and we'll help.";
const ALREADY_CLAIMED_MESSAGE = /*i18n*/ "This prize has already been claimed.";
const INVALID_MESSAGE = /*i18n*/ "This claim link doesn't work. Please open it again from the winner e-mail.";

/** The open claim a form posts to, or the refusal (404 unknown or forged, 410 expired, 409 already claimed). */
async function requireOpenClaim(token: string, now: Date): Promise<ClaimRow> {
  const row = await findClaim(token);
  const page = pageOf(row, now);
  if (page.state === "invalid" || !row) throw new AppError("NOT_FOUND", INVALID_MESSAGE);
  if (page.state === "expired") throw new ClaimLinkExpiredError();
  if (page.state === "claimed" || page.state === "shipped") throw new AppError("CONFLICT", ALREADY_CLAIMED_MESSAGE);
  return row;
}

/** An expired link: answered 410 Gone by the claim page. */
export class ClaimLinkExpiredError extends AppError {
  constructor() {
    super("NOT_FOUND", EXPIRED_MESSAGE);
  }
  override get status(): number {
    return 410;
  }
}

/**
 * The neutral age question, for a winner with no consent on record (they joined before
 * the question existed). At or over the consent age, their own consent is recorded and
 * the address form follows; under it, nothing is stored and a parent must consent first.
 * The answer sticks as on every way in (decideAge, ADR 0061): a device (`remembered`, its
 * age pass) or a member's address that answered under stays under for a day, whatever
 * year comes next. The consent names the notice in the claim page's language (ADR 0054).
 */
export async function answerClaimAge(
  token: string,
  answer: { birthMonth: string; birthYear: string; country?: string | undefined },
  now = new Date(),
  language: Language = DEFAULT_LANGUAGE,
  remembered: AgePass | null = null,
): Promise<{ band: AgeBand; applied?: AppliedConsentAge }> {
  const row = await requireOpenClaim(token, now);
  if (row.consent_method) return { band: "consent_age_or_over" }; // already on record: nothing to ask
  const birth = checkBirthMonth(answer.birthMonth, answer.birthYear, now);
  if (!birth.ok) throw new AppError("INVALID_INPUT", birth.message);
  const age = await decideAge({ ...answer, email: row.email, remembered, language, now });
  if (age.band === "under_consent_age" || (await isUnderAgeRemembered(row.email))) return { band: "under_consent_age", applied: age.applied };
  await db.execute(sql`
    update waitlist_users
       set age_band = ${age.consent.ageBand}, consent_method = 'self', consent_at = ${now.toISOString()}::timestamptz, privacy_notice_version = ${age.consent.noticeVersion},
           consent_country = ${age.applied.country}, consent_age = ${age.applied.consentAge}
     where id = ${row.member_id} and consent_method is null`);
  return { band: age.band, applied: age.applied };
}

/** Takes the shipping address, encrypted, once consent is on record (refused with 403 before). */
export async function claimPrize(token: string, address: ShippingAddress, now = new Date()): Promise<void> {
  const row = await requireOpenClaim(token, now);
  if (!row.consent_method) throw new AppError("FORBIDDEN", NEEDS_PARENT_MESSAGE);
  const plain: ShippingAddress = {
    deliveryName: address.deliveryName,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    region: address.region,
    postalCode: address.postalCode,
    country: address.country,
  };
  const ciphertext = encryptAddressText(JSON.stringify(plain), resolveShippingAddressKey(getEnv()), claimContext(row.season, row.member_id));
  const updated = await db.execute(sql`
    update prize_claims set status = 'claimed', address_ciphertext = ${ciphertext}, claimed_at = ${now.toISOString()}::timestamptz
     where season = ${row.season}::date and member_id = ${row.member_id} and status = 'unclaimed'
       and exists (select 1 from waitlist_users m where m.id = prize_claims.member_id and m.consent_method is not null)`);
  if (affectedRows(updated) === 0) throw new AppError("CONFLICT", ALREADY_CLAIMED_MESSAGE);
}

export type PrizeClaimSummary = { memberId: string; status: ClaimStatus; hasAddress: boolean; linkExpiresAt: Date; claimedAt: Date | null; shippedAt: Date | null; addressDeletedAt: Date | null };

/**
 * The claims of a confirmed season for Admin → Seasons. "Waiting for consent": not
 * claimed, and the winner has no consent on record, so no address may be taken yet.
 */
export async function listPrizeClaims(season: string): Promise<PrizeClaimSummary[]> {
  const result = await db.execute<{
    member_id: string;
    status: "unclaimed" | "claimed" | "shipped";
    has_address: boolean;
    consent_method: string | null;
    link_expires_at: string | Date;
    claimed_at: string | Date | null;
    shipped_at: string | Date | null;
    address_deleted_at: string | Date | null;
  }>(sql`
    select c.member_id, c.status, c.address_ciphertext is not null as has_address, m.consent_method, c.link_expires_at, c.claimed_at, c.shipped_at, c.address_deleted_at
      from prize_claims c join waitlist_users m on m.id = c.member_id
     where c.season = ${season}::date`);
  return result.rows.map((row) => ({
    memberId: row.member_id,
    status: row.status === "unclaimed" && !row.consent_method ? "waiting_for_consent" : row.status,
    hasAddress: Boolean(row.has_address),
    linkExpiresAt: new Date(row.link_expires_at),
    claimedAt: row.claimed_at ? new Date(row.claimed_at) : null,
    shippedAt: row.shipped_at ? new Date(row.shipped_at) : null,
    addressDeletedAt: row.address_deleted_at ? new Date(row.address_deleted_at) : null,
  }));
}

type Staff = { id: string; role: Role | null | undefined };

function requireClaimManager(admin: Staff): void {
  if (!canAccess(admin.role, "seasons", "edit")) throw new AppError("FORBIDDEN", "Only owners and admins may see or change prize shipping.");
}

function claimTargetId(season: string, memberId: string): string {
  return `${season.slice(0, 7)}/${memberId}`;
}

/** The decrypted address, for owners and admins only; each reveal is in the audit log. */
export async function revealShippingAddress(season: string, memberId: string, admin: Staff): Promise<ShippingAddress> {
  requireClaimManager(admin);
  const result = await db.execute<{ address_ciphertext: string | null }>(sql`
    select address_ciphertext from prize_claims where season = ${season}::date and member_id = ${memberId}`);
  const ciphertext = result.rows[0]?.address_ciphertext;
  if (!ciphertext) throw new AppError("NOT_FOUND", `No shipping address is on file (it is deleted ${ADDRESS_RETENTION_DAYS} days after shipping).`);
  const address = JSON.parse(decryptAddressText(ciphertext, resolveShippingAddressKey(getEnv()), claimContext(season, memberId))) as ShippingAddress;
  await recordAdminAuditEvent(db, admin.id, { action: "prize_claim.address_revealed", targetType: "prize_claim", targetId: claimTargetId(season, memberId) });
  return address;
}

/** "Mark shipped": the 30 days until the address is deleted start now (audited). */
export async function markPrizeShipped(season: string, memberId: string, admin: Staff, now = new Date()): Promise<void> {
  requireClaimManager(admin);
  await db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update prize_claims set status = 'shipped', shipped_at = ${now.toISOString()}::timestamptz, shipped_by = ${admin.id}
       where season = ${season}::date and member_id = ${memberId} and status = 'claimed'`);
    if (affectedRows(updated) === 0) throw new AppError("CONFLICT", "Only a claimed prize can be marked shipped.");
    await recordAdminAuditEvent(tx, admin.id, { action: "prize_claim.shipped", targetType: "prize_claim", targetId: claimTargetId(season, memberId), before: { status: "claimed" }, after: { status: "shipped" } });
  });
}

/**
 * "Send a new link": an unclaimed prize's claim link works for another 60 days from `now`,
 * and the winner e-mail goes again to the contact address (a winner who missed it, or
 * whose link ran out, still gets their prize). Owners and admins; audited.
 */
export async function resendClaimLink(season: string, memberId: string, admin: Staff, now = new Date()): Promise<void> {
  requireClaimManager(admin);
  const templates = await getWinnerTemplates();
  await db.transaction(async (tx) => {
    await refuseRealWinnerMailDuringRehearsal(tx, season);
    const expires = new Date(now.getTime() + CLAIM_LINK_DAYS * DAY_MS).toISOString();
    const updated = await tx.execute<{ rank: number; crew_name_roll: number; email: string; parent_consented: boolean; prize: string }>(sql`
      update prize_claims c set link_expires_at = ${expires}::timestamptz
        from season_standings st, waitlist_users m
       where c.season = ${season}::date and c.member_id = ${memberId} and c.status = 'unclaimed'
         and st.season = c.season and st.member_id = c.member_id and st.rank is not null and m.id = c.member_id
      returning st.rank, st.crew_name_roll, m.email, m.consent_method is not distinct from 'parent_email_plus' as parent_consented, c.prize`);
    const winner = updated.rows[0];
    if (!winner) throw new AppError("CONFLICT", "Only an unclaimed prize gets a new link.");
    await queueWinnerEmail(tx, season, templates, {
      memberId,
      email: winner.email,
      nickname: publicNameOf({ memberId, roll: Number(winner.crew_name_roll) }),
      rank: Number(winner.rank),
      prize: winner.prize,
      parentConsented: Boolean(winner.parent_consented),
    });
    await recordAdminAuditEvent(tx, admin.id, { action: "prize_claim.link_resent", targetType: "prize_claim", targetId: claimTargetId(season, memberId), after: { linkExpiresAt: expires } });
  });
}

/**
 * Deletes the addresses of prizes shipped 30 or more days before `now`. One process at
 * a time (advisory lock); a second run finds nothing left. Returns how many it deleted.
 */
export async function deleteShippedAddresses(now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.addressJob}) as locked`);
    if (!lock.rows[0]?.locked) return 0;
    const cutoff = new Date(now.getTime() - ADDRESS_RETENTION_DAYS * DAY_MS).toISOString();
    const deleted = await tx.execute<{ season: string; member_id: string }>(sql`
      update prize_claims set address_ciphertext = null, address_deleted_at = ${now.toISOString()}::timestamptz
       where status = 'shipped' and address_ciphertext is not null and shipped_at <= ${cutoff}::timestamptz
      returning to_char(season, 'YYYY-MM') as season, member_id`);
    if (deleted.rows.length > 0) {
      await recordAuditEvent(tx, ADDRESS_JOB, {
        action: "prize_claim.addresses_deleted",
        targetType: "prize_claim",
        after: { claims: deleted.rows.map((row) => `${row.season}/${row.member_id}`) },
      });
    }
    return deleted.rows.length;
  });
}

/** Deletes shipped prizes' addresses at boot and then hourly. */
export function startPrizeAddressJob({ intervalMs = ADDRESS_JOB_INTERVAL_MS } = {}) {
  return startPeriodicJob(
    "prize address deletion",
    async () => {
      const deleted = await deleteShippedAddresses();
      if (deleted > 0) log.info("deleted shipped prizes' addresses", { deleted });
    },
    intervalMs,
  );
}

function affectedRows(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counted.rowCount ?? counted.affectedRows ?? 0);
}
