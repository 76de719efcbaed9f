import { randomBytes } from "node:crypto";
import type { I18n } from "@lingui/core";
import { addUnsubscribeLink, escapeHtml } from "~/lib/email/layout";
import { renderBroadcastFrame, shownNumbers } from "./broadcast-email";

// Render once, fill per member (issue 39): a language version of a broadcast goes through the
// frame, the sanitised body's placeholders and the unsubscribe line once, with a marker in
// place of each thing that differs per member; what is left per member is joining the
// pre-rendered parts with that member's values, escaped for HTML in the HTML part.

const SLOTS = ["crewName", "placeInLine", "points", "referralLink", "inviteLink", "footerUrl", "unsubscribeUrl"] as const;
type Slot = (typeof SLOTS)[number];

/** What differs per member, as it is written into their copy. */
export type MemberSlots = { crewName: string; placeInLine: number | null; points: number; referralLink: string; inviteLink: string | null; footerUrl: string | null; unsubscribeUrl: string };

/** A text cut at its markers: literals[i], then the value of slots[i], …, then the last literal. */
type CutText = { literals: string[]; slots: Slot[] };
export type CompiledBroadcast = { i18n: I18n; subject: CutText; html: CutText; text: CutText };

type CompileInput = {
  i18n: I18n;
  siteName: string;
  subject: string;
  templateHtml: string;
  /** The consenting parent's line (a withdraw-consent link per member), or none. */
  footer: { text: string; label: string } | null;
  /** Whether members have an invite link (the audience is a wave). */
  hasInvite: boolean;
};

function cut(text: string, marker: RegExp, slotOf: Map<string, Slot>): CutText {
  const literals: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const match of text.matchAll(marker)) {
    literals.push(text.slice(from, match.index));
    slots.push(slotOf.get(match[0])!);
    from = match.index + match[0].length;
  }
  literals.push(text.slice(from));
  return { literals, slots };
}

/** One version of a broadcast, rendered with markers; throws as the per-member render would (an invite link nobody has). */
export function compileBroadcast({ i18n, siteName, subject, templateHtml, footer, hasInvite }: CompileInput): CompiledBroadcast {
  // A marker the admin's text cannot contain: fresh random letters each time.
  const nonce = randomBytes(9).toString("hex");
  const markerOf = (slot: Slot) => `%%${nonce}.${slot}%%`;
  const slotOf = new Map(SLOTS.map((slot) => [markerOf(slot), slot]));
  const marker = new RegExp(`%%${nonce}\\.[a-zA-Z]+%%`, "g");
  const framed = renderBroadcastFrame({
    i18n,
    siteName,
    subject,
    templateHtml,
    values: { crewName: markerOf("crewName"), placeInLine: 0, points: 0, referralLink: markerOf("referralLink"), inviteLink: hasInvite ? markerOf("inviteLink") : null },
    shown: { placeInLine: markerOf("placeInLine"), points: markerOf("points") },
    footer: footer ? { text: footer.text, link: { label: footer.label, url: markerOf("footerUrl") } } : undefined,
  });
  const withLine = addUnsubscribeLink(framed, markerOf("unsubscribeUrl"), i18n);
  return { i18n, subject: cut(framed.subject, marker, slotOf), html: cut(withLine.html, marker, slotOf), text: cut(withLine.text, marker, slotOf) };
}

function join(text: CutText, values: Record<Slot, string>, encode: (value: string) => string): string {
  let out = text.literals[0]!;
  for (let i = 0; i < text.slots.length; i++) out += encode(values[text.slots[i]!]) + text.literals[i + 1]!;
  return out;
}

const asIs = (value: string) => value;

/** One member's copy: the same subject, HTML and text the per-member render gives, unsubscribe line included. */
export function fillBroadcast(compiled: CompiledBroadcast, member: MemberSlots): { subject: string; html: string; text: string } {
  const shown = shownNumbers(member, compiled.i18n);
  const values: Record<Slot, string> = {
    crewName: member.crewName,
    placeInLine: shown.placeInLine,
    points: shown.points,
    referralLink: member.referralLink,
    inviteLink: member.inviteLink ?? "",
    footerUrl: member.footerUrl ?? "",
    unsubscribeUrl: member.unsubscribeUrl,
  };
  return { subject: join(compiled.subject, values, asIs), html: join(compiled.html, values, escapeHtml), text: join(compiled.text, values, asIs) };
}
