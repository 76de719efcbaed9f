import { sql } from "drizzle-orm";
import { db, runTransaction } from "../../kernel/db.server";
import { serverNow } from "../dev/test-clock.server";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { startPeriodicJob } from "../jobs/periodic.server";
import { log } from "../../kernel/log.server";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { renderConsentConfirmation } from "./consent-emails";
import { crewNameOf } from "../crew-names/crew-name";
import { parentFooter } from "./revoke-link.server";
import { forgetConsentNotices } from "./consent-requests.server";

const CONSENT_SCHEDULE_INTERVAL_MS = 60_000;
/** Confirmations queued per run; the rest wait for the next minute. */
const CONFIRMATIONS_PER_RUN = 500;

export type ConsentScheduleCounts = { expiredRequests: number; confirmationsQueued: number; lapsedRefusals: number };

/**
 * The consent flow's clock (ADR 0041): a request nobody answered within the setting's days
 * is deleted with the parent's address (16 CFR 312.5(c)(1)), a "not my child" refusal goes
 * when its days are over (ADR 0062; it refuses nothing after them anyway), and an approval's
 * confirmation e-mail is queued once its day has passed. Each row is taken by one
 * statement, so every process may run it and each e-mail is queued once.
 */
export async function runConsentSchedule(): Promise<ConsentScheduleCounts> {
  // An unanswered request goes with its notice to the parent (ADR 0059).
  const expired = await runTransaction(async (tx) => {
    const gone = await tx.execute<{ id: string; notice_email_id: string | null }>(sql`delete from consent_requests where expires_at <= ${serverNow()} returning id, notice_email_id`);
    await forgetConsentNotices(tx, gone.rows.map((row) => (row.notice_email_id === null ? null : Number(row.notice_email_id))));
    return gone;
  });
  const lapsed = await db.execute(sql`delete from consent_refusals where refused_until <= ${serverNow()} returning parent_subject`);
  const confirmationsQueued = await runTransaction(async (tx) => {
    const due = await tx.execute<{ id: string; email: string; consent_at: string; crew_name_roll: number; language: Language }>(sql`
      update waitlist_users set consent_confirmation_due_at = null
       where id in (select id from waitlist_users
                     where consent_confirmation_due_at <= ${serverNow()}
                     order by consent_confirmation_due_at limit ${CONFIRMATIONS_PER_RUN}
                     for update skip locked)
      returning id, email, consent_at, crew_name_roll, language`);
    const { SITE_NAME } = getEnv();
    for (const member of due.rows) {
      const i18n = i18nFor(member.language);
      const crewName = crewNameOf(member.id, Number(member.crew_name_roll));
      const email = renderConsentConfirmation({ i18n, siteName: SITE_NAME, crewName, approvedAt: new Date(member.consent_at), footer: parentFooter(member.id, i18n) });
      await enqueueEmail({ kind: "consent_confirmation", to: member.email, subject: email.subject, html: email.html, text: email.text, memberId: member.id }, tx);
    }
    return due.rows.length;
  });
  return { expiredRequests: expired.rows.length, confirmationsQueued, lapsedRefusals: lapsed.rows.length };
}

export function startConsentScheduleJob() {
  return startPeriodicJob(
    "consent schedule",
    async () => {
      const counts = await runConsentSchedule();
      if (counts.expiredRequests + counts.confirmationsQueued + counts.lapsedRefusals > 0) log.info("consent schedule", counts);
    },
    CONSENT_SCHEDULE_INTERVAL_MS,
  );
}
