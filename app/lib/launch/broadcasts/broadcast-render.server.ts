import { eq, sql } from "drizzle-orm";
import { broadcasts } from "../../../../db/schema";
import { parentFooter } from "~/lib/consent/revoke-link.server";
import { crewNameOf } from "~/lib/crew-names/crew-name";
import { db } from "~/lib/db.server";
import { emailHashSql, type SuppressionReason } from "~/lib/email/suppression.server";
import { getEnv } from "~/lib/env.server";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import type { Language } from "~/lib/i18n/languages";
import { competitionRankSql } from "~/lib/leaderboard/leaderboard.server";
import { referralLink } from "~/lib/referrals/share-links";
import { inviteUrl } from "../invite-code.server";
import { renderBroadcastEmail } from "./broadcast-email";
import type { BroadcastValues } from "./placeholders";

/** `es`: the Spanish version, for members whose language is Spanish; null when everyone gets the English (ADR 0054). */
type BroadcastText = { subject: string; html: string; es: { subject: string; html: string } | null; waveId: number | null };

// A broadcast's text never changes once created: each process keeps the few it is sending.
const texts = new Map<number, BroadcastText>();

/** Forget the kept texts: for tests, whose emptied database numbers broadcasts from 1 again. */
export function forgetBroadcastTexts(): void {
  texts.clear();
}

async function broadcastText(broadcastId: number): Promise<BroadcastText | null> {
  const known = texts.get(broadcastId);
  if (known) return known;
  const [row] = await db
    .select({ subject: broadcasts.subject, html: broadcasts.html, subjectEs: broadcasts.subjectEs, htmlEs: broadcasts.htmlEs, audience: broadcasts.audience })
    .from(broadcasts)
    .where(eq(broadcasts.id, broadcastId));
  if (!row) return null;
  const waveId = row.audience.kind === "wave" && typeof row.audience.waveId === "number" ? row.audience.waveId : null;
  const es = row.subjectEs !== null && row.htmlEs !== null ? { subject: row.subjectEs, html: row.htmlEs } : null;
  const text = { subject: row.subject, html: row.html, es, waveId };
  if (texts.size > 100) texts.clear();
  texts.set(broadcastId, text);
  return text;
}

type MemberRow = {
  crew_name_roll: number;
  language: Language;
  points: number;
  referral_code: string;
  is_blocked: boolean;
  is_parent_consented: boolean;
  rank: number | null;
  suppression: SuppressionReason | null;
};

export type PreparedBroadcastMessage =
  | { kind: "ready"; email: ReturnType<typeof renderBroadcastEmail> }
  | { kind: "suppressed"; reason: SuppressionReason }
  | { kind: "gone" };

/**
 * One member's copy of a broadcast, rendered as it goes (ADR 0050): their crew name, points
 * and place now, read with whether their address is on the suppression list (one statement
 * a message). "gone" when the member is blocked or left: the message is not sent.
 */
export async function prepareBroadcastMessage(message: { broadcastId: number; memberId: string }): Promise<PreparedBroadcastMessage> {
  const text = await broadcastText(message.broadcastId);
  if (!text) return { kind: "gone" };
  const needsRank = [text, text.es].some((version) => version && (version.html.includes("{{PLACE_IN_LINE}}") || version.subject.includes("{{PLACE_IN_LINE}}")));
  const result = await db.execute<MemberRow>(sql`
    select u.crew_name_roll, u.language, u.points, u.referral_code, u.is_blocked, u.consent_method = 'parent_email_plus' as is_parent_consented,
           ${needsRank ? competitionRankSql(sql`u.points`, sql`u.referrals_made`) : sql`null::integer`} as rank,
           (select s.reason from email_suppressions s where s.email_hash = ${emailHashSql(sql`u.email_identity`)}) as suppression
      from waitlist_users u where u.id = ${message.memberId}`);
  const member = result.rows[0];
  if (!member || member.is_blocked) return { kind: "gone" };
  if (member.suppression) return { kind: "suppressed", reason: member.suppression };
  const { SITE_NAME, origin } = getEnv();
  const values: BroadcastValues = {
    crewName: crewNameOf(message.memberId, Number(member.crew_name_roll)),
    placeInLine: member.rank === null ? null : Number(member.rank),
    points: Number(member.points),
    referralLink: referralLink(origin, member.referral_code),
    inviteLink: text.waveId === null ? null : inviteUrl({ memberId: message.memberId, waveId: text.waveId }),
  };
  // The member's language's version: Spanish when the broadcast has one, the English otherwise,
  // and the whole e-mail (frame, footer, unsubscribe line) in the language of that version.
  const isSpanish = member.language === "es" && text.es !== null;
  const version = isSpanish && text.es ? text.es : text;
  const i18n = i18nFor(isSpanish ? "es" : "en");
  const email = renderBroadcastEmail({
    i18n,
    siteName: SITE_NAME,
    subject: version.subject,
    templateHtml: version.html,
    values,
    footer: member.is_parent_consented ? parentFooter(message.memberId, i18n) : undefined,
  });
  return { kind: "ready", email };
}

/** The message as the member would get it now (the mailboxes show it so); null when it would not go. */
export async function renderBroadcastMessage(message: { broadcastId: number; memberId: string }) {
  const prepared = await prepareBroadcastMessage(message);
  return prepared.kind === "ready" ? prepared.email : null;
}
