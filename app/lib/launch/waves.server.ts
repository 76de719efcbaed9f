import { sql } from "drizzle-orm";
import type { Actor } from "../audit/actor";
import { recordAdminAuditEvent, recordAuditEvent } from "../audit/audit.server";
import { db } from "../../kernel/db.server";
import { wakeEmailSender } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { getSiteSetting } from "../settings/settings.server";
import { wakeWebhookSender } from "../webhooks/enqueue.server";
import { describeAudience, type Audience, type ResolvedAudience } from "./audience";
import { audienceMembersQuery, resolveAudience, sampleAudience, type AudienceSampleRow } from "./audience.server";
import { i18nFor } from "../i18n/catalogs.server";
import { LANGUAGES } from "../../kernel/i18n/languages";
import { waveInviteSubject } from "./wave-invite-email";

// Waves of invitations (ADR 0049): an admin picks an audience, sees its exact count and a
// sample, then invites it. Each member is invited once, ever; the invite e-mails are
// queued in the same transaction, paced at the site's broadcast rate.

export type WavePreview = {
  audience: ResolvedAudience;
  description: string;
  /** Everyone the audience holds now. */
  count: number;
  /** Of them, those an earlier wave invited already: they are skipped. */
  alreadyInvited: number;
  sample: AudienceSampleRow[];
};

async function countAlreadyInvited(audience: ResolvedAudience): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::integer as count from (${audienceMembersQuery(audience)}) as a join member_invites i on i.member_id = a.member_id`);
  return Number(result.rows[0]?.count ?? 0);
}

/** What an invitation would do, before anything is written: refused when the audience names nobody. */
export async function previewWave(audience: Audience, now = new Date()): Promise<WavePreview> {
  const resolved = await resolveAudience(audience, now);
  const [alreadyInvited, sample] = await Promise.all([countAlreadyInvited(resolved.audience), sampleAudience(resolved.audience)]);
  return { ...resolved, alreadyInvited, sample };
}

export type WaveInput = { name?: string; audience: Audience };

export type WaveSummary = {
  id: number;
  name: string;
  audience: Audience;
  description: string;
  invitedCount: number;
  admittedCount: number;
  /** admitted / invited, 0 to 1. */
  redemptionRate: number;
  rehearsal: boolean;
  createdAt: Date;
  /** The admin who sent it (their e-mail, staff screens only), null for an API key or a removed admin. */
  createdByEmail: string | null;
};

type WaveRow = {
  id: string | number;
  name: string;
  audience: Audience;
  invited_count: number;
  admitted_count: number;
  rehearsal: boolean;
  created_at: string | Date;
  created_by_email: string | null;
};

function summaryOf(row: WaveRow): WaveSummary {
  const invitedCount = Number(row.invited_count);
  const admittedCount = Number(row.admitted_count);
  return {
    id: Number(row.id),
    name: row.name,
    audience: row.audience,
    description: describeAudience(row.audience),
    invitedCount,
    admittedCount,
    redemptionRate: invitedCount > 0 ? admittedCount / invitedCount : 0,
    rehearsal: row.rehearsal,
    createdAt: new Date(row.created_at),
    createdByEmail: row.created_by_email,
  };
}

const waveSelect = sql`
  select w.id, w.name, w.audience, w.invited_count, w.rehearsal, w.created_at, u.email as created_by_email,
         (select count(*) from member_invites i where i.wave_id = w.id and i.admitted_at is not null)::integer as admitted_count
    from waves w left join users u on u.id = w.created_by`;

export const WAVES_PAGE_SIZE = 50;

/** Newest first, with their counts and redemption rate. */
export async function listWaves({ limit = WAVES_PAGE_SIZE, before }: { limit?: number; before?: number } = {}): Promise<WaveSummary[]> {
  const result = await db.execute<WaveRow>(sql`${waveSelect} ${before ? sql`where w.id < ${before}` : sql``} order by w.id desc limit ${limit}`);
  return result.rows.map(summaryOf);
}

export async function getWave(id: number): Promise<WaveSummary | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const result = await db.execute<WaveRow>(sql`${waveSelect} where w.id = ${id}`);
  return result.rows[0] ? summaryOf(result.rows[0]) : null;
}

export type WaveResult = { wave: WaveSummary; invited: number; skipped: number };

/** How far apart the invite e-mails go, so a big wave never holds up the sign-in links its members then ask for. */
async function inviteSpacingMs(): Promise<number> {
  const perMinute = await getSiteSetting("broadcastMessagesPerMinute");
  return 60_000 / Math.max(1, perMinute);
}

/**
 * Invites an audience, in one transaction: the wave (a rehearsal's while rehearsal mode is
 * on), one invite per member no wave invited before (the others are skipped and counted),
 * one invite e-mail each (rendered with the code when sent), `member.invited` for each, and
 * the audit entry. An audience that names nobody, or only members already invited, is
 * refused and nothing is written.
 */
export async function inviteWave(input: WaveInput, by: string | Actor, now = new Date()): Promise<WaveResult> {
  const { audience } = await resolveAudience(input.audience, now);
  const description = describeAudience(audience);
  const spacingMs = await inviteSpacingMs();
  const adminId = typeof by === "string" ? by : by.kind === "admin" ? by.id : null;
  const result = await db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: string | number; name: string }>(sql`
      with next as (select nextval(pg_get_serial_sequence('waves', 'id')) as id)
      insert into waves (id, name, audience, rehearsal, created_by)
      select next.id, coalesce(nullif(${input.name?.trim() ?? ""}, ''), 'Wave ' || next.id), ${JSON.stringify(audience)}::jsonb, rehearsal_mode_on(), ${adminId}
        from next
      returning id, name`);
    const waveId = Number(inserted.rows[0]!.id);
    // Each member's subject in their language; the body is rendered as it goes out.
    const subjectsByLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, waveInviteSubject(i18nFor(language), getEnv().SITE_NAME)]));
    const counted = await tx.execute<{ audience: number; invited: number; queued: number; hooks: number }>(sql`
      with audience as (${audienceMembersQuery(audience)}),
      invited as (
        insert into member_invites (member_id, wave_id)
        select member_id, ${waveId} from audience
        on conflict (member_id) do nothing
        returning member_id),
      numbered as (
        select i.member_id, u.email, u.language,
               row_number() over (order by u.points desc, u.referrals_made desc, u.created_at, u.id) - 1 as position
          from invited i join waitlist_users u on u.id = i.member_id),
      queued as (
        insert into email_outbox (kind, to_address, subject, html, text, template_data, member_id, next_attempt_at)
        select 'wave_invite', n.email, ${JSON.stringify(subjectsByLanguage)}::jsonb ->> n.language, '', '',
               jsonb_build_object('memberId', n.member_id, 'waveId', ${waveId}::bigint), n.member_id,
               now() + make_interval(secs => n.position * ${spacingMs}::double precision / 1000)
          from numbered n
        returning 1),
      hooks as (
        select webhook_enqueue('member.invited', jsonb_build_object('memberId', n.member_id, 'email', n.email, 'waveId', ${waveId}::bigint), now())
          from numbered n)
      select (select count(*) from audience)::integer as audience, (select count(*) from invited)::integer as invited,
             (select count(*) from queued)::integer as queued, (select count(*) from hooks)::integer as hooks`);
    const { audience: total, invited } = counted.rows[0]!;
    const skipped = Number(total) - Number(invited);
    if (Number(invited) === 0) {
      throw new AppError("CONFLICT", `Everyone in "${description}" is invited already (${skipped === 1 ? "1 member" : `${skipped.toLocaleString("en-US")} members`}): nobody new to invite.`);
    }
    await tx.execute(sql`update waves set invited_count = ${Number(invited)} where id = ${waveId}`);
    const entry = { action: "wave.invited", targetType: "wave", targetId: String(waveId), after: { name: inserted.rows[0]!.name, audience: description, invited: Number(invited), skipped } };
    if (typeof by === "string") await recordAdminAuditEvent(tx, by, entry);
    else await recordAuditEvent(tx, by, entry);
    return { waveId, invited: Number(invited), skipped };
  });
  wakeEmailSender("wave_invite");
  wakeWebhookSender();
  const wave = await getWave(result.waveId);
  return { wave: wave!, invited: result.invited, skipped: result.skipped };
}
