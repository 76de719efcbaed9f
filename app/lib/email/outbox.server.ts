import { and, desc, eq, lt, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema";
import { db, type Executor } from "../../kernel/db.server";
import { renderQueuedEmail, type RenderedEmail } from "./queued-render.server";

export type OutgoingEmail = {
  kind: "magic_link" | "welcome" | "contact" | "template_test" | "season_winner" | "webhook_disabled" | "team_invite" | "parent_consent" | "consent_confirmation" | "address_change" | "address_changed" | "erasure_confirmation" | "broadcast" | "wave_invite";
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** The member it concerns when `to` may not be their address (ADR 0046): an erasure takes the row with them. */
  memberId?: string;
};

export type ClaimedEmail = {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** Set when the message was queued unrendered: render it (renderQueuedEmail) before sending. */
  templateData: unknown;
  attempts: number;
  /** Claimed while rehearsal mode was on (ADR 0051): kept in the back office, never sent. */
  rehearsal: boolean;
};

export const MAX_ATTEMPTS = 10;

/**
 * Messages nobody is waiting for at that moment: a launch burst queues thousands of them.
 * The rest (a sign-in link, a test e-mail, an invitation) go in their own lane, one at a
 * time; these go in batches over a pool of connections (ADR 0069). The claim
 * (email_outbox_claim) and its index name the same kinds; a test keeps them equal.
 */
export const BULK_EMAIL_KINDS = ["welcome", "season_winner"] as const satisfies readonly OutgoingEmail["kind"][];

export function isBulkEmailKind(kind: string): boolean {
  return (BULK_EMAIL_KINDS as readonly string[]).includes(kind);
}
/** How long a claimed message stays with its worker unless the worker extends it. */
export const LEASE_SECONDS = 120;
const wakeListeners = new Set<(kind: OutgoingEmail["kind"] | null) => void>();

/** Accepts a message for delivery. Pass a transaction to make it part of a larger write. */
export async function enqueueEmail(message: OutgoingEmail, executor: Executor = db): Promise<number> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      memberId: message.memberId ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  wakeEmailSender(message.kind);
  return row.id;
}

/** Tells this process's sender that a message of `kind` was queued (by enqueueEmail or in SQL). */
export function wakeEmailSender(kind: OutgoingEmail["kind"] | null = null): void {
  for (const wake of wakeListeners) wake(kind);
}

export function onEmailEnqueued(listener: (kind: OutgoingEmail["kind"] | null) => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** 10 s, 30 s, 1.5 min, … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 3 ** Math.max(0, attempts - 1));
}

export type ClaimedEmailRow = {
  id: string | number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  template_data: unknown;
  attempts: number;
  rehearsal: boolean;
};

export const toClaimedEmail = (row: ClaimedEmailRow): ClaimedEmail => ({
  id: Number(row.id),
  kind: row.kind,
  to: row.to_address,
  replyTo: row.reply_to,
  subject: row.subject,
  html: row.html,
  text: row.text,
  templateData: row.template_data,
  attempts: row.attempts,
  rehearsal: row.rehearsal === true,
});

/** Which messages a claim takes (ADR 0069): 'urgent' all but bulk kinds, 'bulk' only those, 'any' both, the urgent first. */
export type EmailLane = "urgent" | "bulk" | "any";

export type ClaimOptions = {
  lane?: EmailLane;
};

/**
 * The claim statement: the next due messages, those someone waits for first, each lane in
 * queue order (due time, then id), leased to this worker (email_outbox_claim, migration
 * 0016: it reads each lane's index, so a claim costs a few index entries however long
 * the queue grew during a spike). `exceptId` leaves out a message the same statement marks sent.
 */
export function claimDueEmailsStatement(limit: number, leaseSeconds: number, exceptId?: number, { lane = "any" }: ClaimOptions = {}) {
  return sql`
    select id, kind, to_address, reply_to, subject, html, text, template_data, attempts, rehearsal
      from email_outbox_claim(${limit}, ${leaseSeconds}, ${exceptId ?? null}::bigint, ${lane}::text)`;
}

/**
 * Leases due messages to this worker. A lease that runs out (the process died
 * mid-send) makes the message due again: delivery is at least once.
 */
export async function claimDueEmails(limit = 10, leaseSeconds = LEASE_SECONDS, options: ClaimOptions = {}): Promise<ClaimedEmail[]> {
  const result = await db.execute<ClaimedEmailRow>(claimDueEmailsStatement(limit, leaseSeconds, undefined, options));
  return result.rows.map(toClaimedEmail);
}

/**
 * Keeps a message leased to the worker still sending it. `attempts` identifies the
 * claim: a message another worker claimed since (its lease ran out) is left alone.
 */
export async function extendLease(message: Pick<ClaimedEmail, "id" | "attempts">, leaseSeconds = LEASE_SECONDS): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return updated.length === 1;
}

type MarkSentOptions = ClaimOptions & {
  forgetBody: boolean;
  claimNext?: boolean;
  /** What a message queued unrendered was sent as: kept in its row from now on. */
  rendered?: RenderedEmail;
  /**
   * Whether it was claimed in rehearsal mode (kept, not sent). A held message the end of the
   * rehearsal gave back to the queue meanwhile is not marked: it is still to be sent (ADR 0051).
   */
  rehearsal?: boolean;
};

/**
 * Marks a message sent (only the first call for a message counts) and leases the next due
 * one in the same statement: while a spike's welcome e-mails drain, the sender costs the
 * database one statement a message instead of two. `claimNext: false` only marks it.
 */
export async function markEmailSentAndClaimNext(
  id: number,
  { forgetBody, claimNext = true, lane = "any", rendered, rehearsal = false }: MarkSentOptions,
  leaseSeconds = LEASE_SECONDS,
): Promise<{ wasMarked: boolean; next: ClaimedEmail | null }> {
  const body = forgetBody
    ? sql`, html = '', text = '', reply_to = null`
    : rendered
      ? sql`, subject = ${rendered.subject}, html = ${rendered.html}, text = ${rendered.text}`
      : sql``;
  const result = await db.execute<{ marked: number } & Partial<ClaimedEmailRow>>(sql`
    with sent as (
      update email_outbox
         set status = 'sent', sent_at = now(), locked_until = null, last_error = null, template_data = null ${body}
       where id = ${id} and status = 'pending' and rehearsal = ${rehearsal}
      returning id),
    next as (${claimDueEmailsStatement(claimNext ? 1 : 0, leaseSeconds, id, { lane })})
    select (select count(*) from sent)::int as marked, next.*
      from (select) as one left join next on true`);
  const row = result.rows[0];
  if (!row) throw new Error("mark-sent statement returned no row");
  return { wasMarked: row.marked === 1, next: row.id == null ? null : toClaimedEmail(row as ClaimedEmailRow) };
}

/** A failed attempt: tried again after a back-off, unless it was the last attempt or `isPermanent` (the address bounced). */
export async function markEmailFailed(message: { id: number; attempts: number }, error: string, { isPermanent = false } = {}): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
      status: isPermanent || message.attempts >= MAX_ATTEMPTS ? "failed" : "pending",
    })
    // On this process's own claim only: once its lease ran out another may hold the message.
    .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.attempts, message.attempts), eq(emailOutbox.status, "pending")));
}

/**
 * An optional message to an address on the suppression list (ADR 0044): never sent, not
 * retried, and its body is dropped (nobody will read it).
 */
export async function markEmailSuppressed(id: number, reason: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "suppressed", lockedUntil: null, lastError: `suppressed: ${reason}`, html: "", text: "", templateData: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "pending")));
}

export type MailboxEntry = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  createdAt: Date;
};

/** The dev mailbox's list, newest first (a message queued unrendered with the subject it would go out with). */
export type MailboxOptions = {
  /** Only the messages held by a rehearsal (the back office's mailbox, ADR 0051). */
  rehearsalOnly?: boolean;
  /** Paging: messages older than this id. */
  beforeId?: number;
};

export async function listMailbox(limit = 100, { rehearsalOnly = false, beforeId }: MailboxOptions = {}): Promise<MailboxEntry[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      templateData: emailOutbox.templateData,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(and(rehearsalOnly ? eq(emailOutbox.rehearsal, true) : undefined, beforeId === undefined ? undefined : lt(emailOutbox.id, beforeId)))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  return Promise.all(
    rows.map(async ({ templateData, ...entry }) => (templateData ? { ...entry, subject: (await renderQueuedEmail({ ...entry, templateData })).subject } : entry)),
  );
}

/** A message as the dev mailbox shows it: one still queued unrendered is shown as it would go out now. */
export async function getMailboxMessage(id: number, { rehearsalOnly = false }: Pick<MailboxOptions, "rehearsalOnly"> = {}) {
  const [message] = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      replyTo: emailOutbox.replyTo,
      subject: emailOutbox.subject,
      html: emailOutbox.html,
      text: emailOutbox.text,
      templateData: emailOutbox.templateData,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), rehearsalOnly ? eq(emailOutbox.rehearsal, true) : undefined));
  if (!message) return null;
  const { templateData, ...shown } = message;
  return templateData ? { ...shown, ...(await renderQueuedEmail(message)) } : shown;
}
