import { eq, sql } from "drizzle-orm";
import { broadcasts, broadcastTranslations } from "../../../../db/schema";
import { withdrawConsentFooter } from "~/lib/consent/consent-emails";
import { revokeConsentUrl } from "~/lib/consent/revoke-link.server";
import { crewNameOf } from "~/lib/crew-names/crew-name";
import { db } from "~/kernel/db.server";
import { emailHashSql, unsubscribeUrl } from "~/lib/email/suppression.server";
import { getEnv } from "~/kernel/env.server";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { isLanguage, type Language } from "~/kernel/i18n/languages";
import { competitionRankSql } from "~/lib/leaderboard/leaderboard.server";
import { referralLink } from "~/lib/referrals/share-links";
import { inviteUrl } from "../invite-code.server";
import { toRecipient, type Recipient, type RecipientRow } from "./broadcast-messages.server";
import { compileBroadcast, fillBroadcast, type CompiledBroadcast } from "./compiled-broadcast";

type Version = { subject: string; html: string };
/** One language version, compiled for a member and for a consenting parent (whose copy has the withdraw-consent line). */
type CompiledVersion = { toMember: CompiledBroadcast; toParent: CompiledBroadcast };

/**
 * A broadcast ready to fill (issue 39): each language version rendered once — the default
 * language's, and a translation for members whose language it is (ADR 0076); without one
 * they get the default. `problem`: the text cannot be rendered (every message of it fails with that).
 */
export type BroadcastTemplates =
  | { problem: null; versions: { en: CompiledVersion } & Partial<Record<Language, CompiledVersion>>; needsRank: boolean; waveId: number | null }
  | { problem: string };

// A broadcast's text never changes once created: each process keeps the few it is sending.
const compiled = new Map<number, BroadcastTemplates>();

/** Forget the kept broadcasts: for tests, whose emptied database numbers broadcasts from 1 again. */
export function forgetBroadcastTexts(): void {
  compiled.clear();
}

function compileVersion(version: Version, language: Language, hasInvite: boolean): CompiledVersion {
  const i18n = i18nFor(language);
  const { SITE_NAME } = getEnv();
  const parent = withdrawConsentFooter(i18n, "");
  const common = { i18n, siteName: SITE_NAME, subject: version.subject, templateHtml: version.html, hasInvite };
  return { toMember: compileBroadcast({ ...common, footer: null }), toParent: compileBroadcast({ ...common, footer: { text: parent.text, label: parent.link.label } }) };
}

/** The broadcast's compiled versions, made once per process; null when it no longer exists. */
export async function broadcastTemplates(broadcastId: number): Promise<BroadcastTemplates | null> {
  const known = compiled.get(broadcastId);
  if (known) return known;
  const [row] = await db
    .select({ subject: broadcasts.subject, html: broadcasts.html, audience: broadcasts.audience })
    .from(broadcasts)
    .where(eq(broadcasts.id, broadcastId));
  if (!row) return null;
  const translations = await db
    .select({ language: broadcastTranslations.language, subject: broadcastTranslations.subject, html: broadcastTranslations.html })
    .from(broadcastTranslations)
    .where(eq(broadcastTranslations.broadcastId, broadcastId));
  const waveId = row.audience.kind === "wave" && typeof row.audience.waveId === "number" ? row.audience.waveId : null;
  const translated = translations.filter((translation): translation is Version & { language: Language } => isLanguage(translation.language));
  const hasInvite = waveId !== null;
  let templates: BroadcastTemplates;
  try {
    templates = {
      problem: null,
      versions: { en: compileVersion(row, "en", hasInvite), ...Object.fromEntries(translated.map(({ language, ...version }) => [language, compileVersion(version, language, hasInvite)])) },
      needsRank: [row, ...translated].some((version) => version.html.includes("{{PLACE_IN_LINE}}") || version.subject.includes("{{PLACE_IN_LINE}}")),
      waveId,
    };
  } catch (error) {
    templates = { problem: error instanceof Error ? error.message : String(error) };
  }
  if (compiled.size > 100) compiled.clear();
  compiled.set(broadcastId, templates);
  return templates;
}

type ScorePair = { points: number; referralsMade: number };
const pairKey = ({ points, referralsMade }: ScorePair) => `${points}:${referralsMade}`;

/** Places in line for a page of members, one statement: keyed by "points:referrals" (equal scores share a place). */
export async function placesFor(members: readonly ScorePair[]): Promise<Map<string, number>> {
  const pairs = [...new Map(members.map((member) => [pairKey(member), { p: member.points, r: member.referralsMade }])).values()];
  if (pairs.length === 0) return new Map();
  const result = await db.execute<{ p: number; r: number; place: number }>(sql`
    select x.p, x.r, ${competitionRankSql(sql`x.p`, sql`x.r`)} as place
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(p integer, r integer)`);
  return new Map(result.rows.map((row) => [pairKey({ points: Number(row.p), referralsMade: Number(row.r) }), Number(row.place)]));
}

/**
 * One member's copy, unsubscribe line included: their crew name, points and place, their
 * links, in their language's version (the English where the broadcast has none), and the
 * withdraw-consent line for a consenting parent.
 */
export function fillForMember(templates: Extract<BroadcastTemplates, { problem: null }>, recipient: Recipient, places: Map<string, number>) {
  const version = templates.versions[recipient.language] ?? templates.versions.en;
  const { origin } = getEnv();
  return fillBroadcast(recipient.isParentConsented ? version.toParent : version.toMember, {
    crewName: crewNameOf(recipient.memberId, recipient.crewNameRoll),
    placeInLine: templates.needsRank ? (places.get(pairKey(recipient)) ?? null) : null,
    points: recipient.points,
    referralLink: referralLink(origin, recipient.referralCode),
    inviteLink: templates.waveId === null ? null : inviteUrl({ memberId: recipient.memberId, waveId: templates.waveId }),
    footerUrl: recipient.isParentConsented ? revokeConsentUrl(recipient.memberId) : null,
    unsubscribeUrl: unsubscribeUrl(recipient.to),
  });
}

type MemberRow = RecipientRow & { is_blocked: boolean; suppression: string | null };

/** The message as the member would get it now (the mailboxes show it so); null when it would not go. */
export async function renderBroadcastMessage(message: { broadcastId: number; memberId: string }) {
  const templates = await broadcastTemplates(message.broadcastId);
  if (!templates || templates.problem !== null) return null;
  const result = await db.execute<MemberRow>(sql`
    select u.email as to_address, u.id as member_id, u.crew_name_roll, u.language, u.points, u.referrals_made, u.referral_code, u.is_blocked,
           u.consent_method = 'parent_email_plus' as is_parent_consented,
           (select s.reason from email_suppressions s where s.email_hash = ${emailHashSql(sql`u.email_identity`)}) as suppression
      from waitlist_users u where u.id = ${message.memberId}`);
  const member = result.rows[0];
  if (!member || member.is_blocked || member.suppression) return null;
  const recipient = toRecipient(member);
  const places = templates.needsRank ? await placesFor([recipient]) : new Map<string, number>();
  return fillForMember(templates, recipient, places);
}
