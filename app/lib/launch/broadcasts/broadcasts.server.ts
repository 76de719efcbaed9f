import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { broadcasts, broadcastTranslations, emailOutbox } from "../../../../db/schema";
import { recordAuditEvent } from "~/lib/audit/audit.server";
import type { Actor } from "~/lib/audit/actor";
import { sanitizeRichHtml } from "~/lib/content/sanitize.server";
import { db } from "~/kernel/db.server";
import { getEnv } from "~/kernel/env.server";
import { AppError } from "~/kernel/errors";
import { enqueueWebhookEvent } from "~/lib/webhooks/enqueue.server";
import { enqueueEmail } from "~/lib/email/outbox.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { describeAudience, type Audience, type ResolvedAudience } from "../audience";
import { audienceMembersQuery, resolveAudience } from "../audience.server";
import { BROADCAST_SCHEDULE_MAX_DAYS, type BroadcastInput, type BroadcastTranslations, type BroadcastVersion } from "./broadcast.schema";
import { renderBroadcastEmail } from "./broadcast-email";
import { usesPlaceholder } from "./placeholders";
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES, type Language, type TranslatedLanguage } from "~/kernel/i18n/languages";
import { i18nFor } from "~/lib/i18n/catalogs.server";

export type BroadcastStatus = (typeof broadcasts.$inferSelect)["status"];

/**
 * The members of an audience a broadcast goes to (`member_id`, `email`): only confirmed
 * addresses get one. `after` pages by id (see audienceMembersQuery).
 */
export function broadcastRecipientsQuery(audience: ResolvedAudience, after?: string) {
  const from = after === undefined ? sql`` : sql` and u.id > ${after}::uuid`;
  return sql`select a.member_id, u.email from (${audienceMembersQuery(audience, after)}) as a join waitlist_users u on u.id = a.member_id where u.confirmed_email${from}`;
}

/** How many of an audience's recipients read each language (a language nobody reads is absent). */
async function countRecipients(audience: ResolvedAudience): Promise<Partial<Record<Language, number>>> {
  const result = await db.execute<{ language: Language; count: number }>(sql`
    select u.language, count(*)::integer as count
      from (${broadcastRecipientsQuery(audience)}) as r join waitlist_users u on u.id = r.member_id
     group by u.language`);
  return Object.fromEntries(result.rows.map((row) => [row.language, Number(row.count)]));
}

export type BroadcastPreview = {
  audience: ResolvedAudience;
  description: string;
  recipients: number;
  /** The default language's version as a member would get it. */
  sample: ReturnType<typeof renderSample>;
  /** Each translation as a member who reads it would get it, with how many recipients read it. */
  translations: { language: TranslatedLanguage; sample: ReturnType<typeof renderSample>; recipients: number }[];
};

type BroadcastText = Pick<BroadcastInput, "subject" | "html">;

/** A version's placeholders fit its audience: an invite link only for a wave, no links in a subject. */
function checkPlaceholders(text: BroadcastText, audience: ResolvedAudience): void {
  const asksInvite = usesPlaceholder(text.html, "{{INVITE_LINK}}") || usesPlaceholder(text.subject, "{{INVITE_LINK}}");
  if (asksInvite && audience.kind !== "wave") throw new AppError("INVALID_INPUT", "{{INVITE_LINK}} works only when the audience is a wave: its members have an invite.");
  if (usesPlaceholder(text.subject, "{{INVITE_LINK}}") || usesPlaceholder(text.subject, "{{REFERRAL_LINK}}")) {
    throw new AppError("INVALID_INPUT", "Links belong in the message, not the subject.");
  }
}

/**
 * Checks a broadcast before anything is queued (issue 30): the audience names someone with a
 * confirmed address, an invite link is asked for only when the audience is a wave, and the
 * message (and its Spanish version) renders. Throws AppError INVALID_INPUT with the reason otherwise.
 */
export async function previewBroadcast(input: Pick<BroadcastInput, "subject" | "html" | "translations" | "audience">): Promise<BroadcastPreview> {
  const { audience, description } = await resolveAudience(input.audience);
  const translated = translationsIn(input.translations);
  checkPlaceholders(input, audience);
  for (const [, version] of translated) checkPlaceholders(version, audience);
  const byLanguage = await countRecipients(audience);
  const recipients = Object.values(byLanguage).reduce((sum, count) => sum + count, 0);
  if (recipients === 0) throw new AppError("INVALID_INPUT", `Nobody in "${description}" has confirmed their e-mail address yet, so a broadcast would reach no one.`);
  return {
    audience,
    description,
    recipients,
    sample: renderSample(input),
    translations: translated.map(([language, version]) => ({ language, sample: renderSample(version, language), recipients: byLanguage[language] ?? 0 })),
  };
}

/** A broadcast's translations as pairs, in the order of LANGUAGES. */
function translationsIn(translations: BroadcastTranslations | undefined): [TranslatedLanguage, BroadcastVersion][] {
  return TRANSLATED_LANGUAGES.flatMap((language) => {
    const version = translations?.[language];
    return version ? [[language, version] as [TranslatedLanguage, BroadcastVersion]] : [];
  });
}

/** Renders the message for a sample member: a template that cannot render is refused here, not per member. */
function renderSample(input: BroadcastText, language: Language = "en") {
  const { SITE_NAME, origin } = getEnv();
  try {
    return renderBroadcastEmail({
      // The admin's preview and test read as the copy of a member who speaks the version's language.
      i18n: i18nFor(language),
      siteName: SITE_NAME,
      subject: input.subject,
      templateHtml: sanitizeRichHtml(input.html),
      values: { crewName: "Brave Otter 42", placeInLine: 7, points: 120, referralLink: `${origin}/?ref=yourcode123`, inviteLink: `${origin}/invite?code=sample` },
    });
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The message could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** "Send a test": the message as a sample member would get it, to the admin who asked; each translation too, as an e-mail of its own. */
export async function sendBroadcastTest(input: Pick<BroadcastInput, "subject" | "html" | "translations" | "audience">, to: string): Promise<void> {
  const { sample, translations } = await previewBroadcast(input);
  await enqueueEmail({ kind: "template_test", to, subject: `[Test] ${sample.subject}`, html: sample.html, text: sample.text });
  for (const { language, sample: translated } of translations) {
    await enqueueEmail({ kind: "template_test", to, subject: `[Test, ${LANGUAGE_NAMES[language]}] ${translated.subject}`, html: translated.html, text: translated.text });
  }
}

/** Creates a broadcast: sending at once, or scheduled. Its messages are queued by the broadcast job. */
export async function createBroadcast(input: BroadcastInput, actor: Actor, now = new Date()) {
  if (input.scheduledAt && input.scheduledAt.getTime() > now.getTime() + BROADCAST_SCHEDULE_MAX_DAYS * 86_400_000) {
    throw new AppError("INVALID_INPUT", `A broadcast can be scheduled at most ${BROADCAST_SCHEDULE_MAX_DAYS} days ahead.`);
  }
  const preview = await previewBroadcast(input);
  const isLater = input.scheduledAt !== undefined && input.scheduledAt.getTime() > now.getTime();
  const rehearsal = await getSiteSetting("rehearsalMode");
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({
        subject: input.subject,
        html: sanitizeRichHtml(input.html),
        audience: preview.audience,
        status: isLater ? "scheduled" : "sending",
        audienceCount: preview.recipients,
        scheduledAt: isLater ? input.scheduledAt : now,
        nextSendAt: isLater ? input.scheduledAt : now,
        rehearsal,
        createdBy: actor.kind === "admin" ? actor.id : null,
      })
      .returning();
    if (!row) throw new Error("broadcast insert returned no row");
    const translated = translationsIn(input.translations);
    if (translated.length > 0) {
      await tx
        .insert(broadcastTranslations)
        .values(translated.map(([language, version]) => ({ broadcastId: row.id, language, subject: version.subject, html: sanitizeRichHtml(version.html) })));
    }
    await recordAuditEvent(tx, actor, {
      action: "broadcast.created",
      targetType: "broadcast",
      targetId: String(row.id),
      after: { subject: row.subject, ...Object.fromEntries(translated.map(([language, version]) => [`subject:${language}`, version.subject])), audience: preview.description, recipients: preview.recipients, scheduledAt: row.scheduledAt, rehearsal },
    });
    if (!isLater) await enqueueWebhookEvent(tx, "broadcast.started", broadcastEventData(row));
    return row;
  });
  return created;
}

export function broadcastEventData(row: { id: number; subject: string; audience: unknown; audienceCount: number; rehearsal: boolean }) {
  return { id: row.id, subject: row.subject, audience: describeAudience(row.audience as Audience), recipients: row.audienceCount, rehearsal: row.rehearsal };
}

const NEXT_STATUS = {
  pause: { from: ["sending", "scheduled"], to: "paused" },
  resume: { from: ["paused"], to: "sending" },
  cancel: { from: ["scheduled", "sending", "paused"], to: "cancelled" },
} as const satisfies Record<string, { from: readonly BroadcastStatus[]; to: BroadcastStatus }>;

export type BroadcastControl = keyof typeof NEXT_STATUS;

/** Pause, resume or cancel: takes effect for every process at the next message. */
export async function controlBroadcast(id: number, control: BroadcastControl, actor: Actor) {
  const { from, to } = NEXT_STATUS[control];
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: broadcasts.status }).from(broadcasts).where(eq(broadcasts.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", "That broadcast does not exist.");
    if (!(from as readonly string[]).includes(current.status)) {
      throw new AppError("CONFLICT", `This broadcast is ${current.status}: it cannot be ${control === "pause" ? "paused" : control === "resume" ? "resumed" : "cancelled"}.`);
    }
    const [row] = await tx
      .update(broadcasts)
      .set({
        status: to,
        // A resumed broadcast starts again at its pace from now, not with the slots it missed.
        ...(to === "sending" && { nextSendAt: sql`now()` }),
        ...(to === "cancelled" && { finishedAt: sql`now()` }),
      })
      .where(eq(broadcasts.id, id))
      .returning();
    if (!row) throw new Error("broadcast update returned no row");
    await recordAuditEvent(tx, actor, { action: `broadcast.${control === "pause" ? "paused" : control === "resume" ? "resumed" : "cancelled"}`, targetType: "broadcast", targetId: String(id), before: { status: current.status }, after: { status: to } });
    if (to === "cancelled") await enqueueWebhookEvent(tx, "broadcast.cancelled", broadcastEventData(row));
    return row;
  });
}

/**
 * Where a broadcast's messages are, and how fast they go: `perMinute` counts those sent in
 * the last minute, `etaSeconds` is the waiting ones at that rate (null while nothing went
 * in the last minute or nothing waits).
 */
export type BroadcastProgress = { queued: number; waiting: number; sent: number; failed: number; suppressed: number; skipped: number; perMinute: number; etaSeconds: number | null };

const noProgress = (): BroadcastProgress => ({ queued: 0, waiting: 0, sent: 0, failed: 0, suppressed: 0, skipped: 0, perMinute: 0, etaSeconds: null });

/** Where each broadcast's messages are: counted from the outbox, one index range each. */
export async function broadcastProgress(ids: number[]): Promise<Map<number, BroadcastProgress>> {
  const progress = new Map<number, BroadcastProgress>(ids.map((id) => [id, noProgress()]));
  if (ids.length === 0) return progress;
  const rows = await db
    .select({
      broadcastId: emailOutbox.broadcastId,
      status: emailOutbox.status,
      count: sql<number>`count(*)::integer`,
      lastMinute: sql<number>`(count(*) filter (where ${emailOutbox.sentAt} > now() - interval '1 minute'))::integer`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.broadcastId, ids))
    .groupBy(emailOutbox.broadcastId, emailOutbox.status);
  for (const row of rows) {
    const entry = progress.get(Number(row.broadcastId));
    if (!entry) continue;
    const count = Number(row.count);
    entry.queued += count;
    if (row.status === "pending") entry.waiting += count;
    else if (row.status === "sent") entry.sent += count;
    else if (row.status === "failed") entry.failed += count;
    else if (row.status === "suppressed") entry.suppressed += count;
    else entry.skipped += count;
    entry.perMinute += Number(row.lastMinute);
  }
  for (const entry of progress.values()) entry.etaSeconds = entry.waiting > 0 && entry.perMinute > 0 ? Math.ceil((entry.waiting / entry.perMinute) * 60) : null;
  return progress;
}

export type BroadcastListing = typeof broadcasts.$inferSelect & { description: string; progress: BroadcastProgress };

/** The newest broadcasts with their progress. */
export async function listBroadcasts({ limit = 20 } = {}): Promise<BroadcastListing[]> {
  const rows = await db.select().from(broadcasts).orderBy(desc(broadcasts.id)).limit(Math.min(Math.max(limit, 1), 100));
  const progress = await broadcastProgress(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, description: describeAudience(row.audience as Audience), progress: progress.get(row.id)! }));
}

export async function getBroadcast(id: number): Promise<BroadcastListing | null> {
  const [row] = await db.select().from(broadcasts).where(and(eq(broadcasts.id, id)));
  if (!row) return null;
  const progress = await broadcastProgress([id]);
  return { ...row, description: describeAudience(row.audience as Audience), progress: progress.get(id)! };
}

/** The choices of the compose form's audience: recent waves and finished seasons with confirmed winners. */
export async function broadcastAudienceChoices() {
  const [waveRows, seasonRows] = await Promise.all([
    db.execute<{ id: number; name: string; invited_count: number }>(sql`select id, name, invited_count from waves order by id desc limit 50`),
    db.execute<{ season: string }>(sql`select to_char(season, 'YYYY-MM-DD') as season from seasons where winners_confirmed_at is not null order by season desc limit 24`),
  ]);
  return {
    waves: waveRows.rows.map((row) => ({ id: Number(row.id), name: row.name, invited: Number(row.invited_count) })),
    seasons: seasonRows.rows.map((row) => row.season),
  };
}
