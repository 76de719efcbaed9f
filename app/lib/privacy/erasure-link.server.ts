import { eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { enqueueEmail } from "../email/outbox.server";
import { parentFooter } from "../consent/revoke-link.server";
import { getEnv } from "../../kernel/env.server";
import { i18nFor } from "../i18n/catalogs.server";
import { AppError } from "../../kernel/errors";
import { openToken, sealToken } from "../security/signed-token.server";
import { eraseMember } from "./erase-member.server";
import { renderErasureConfirmation } from "./erasure-email";
import { admitPrivacyRequest } from "./privacy-request.server";

// "Delete my data" (ADR 0045): the dashboard asks, a link to the contact address confirms.
// The link is a signed token (member id and expiry, HMAC under its own purpose) whose
// single use is the erasure itself: once the member is gone, every link naming them answers
// "already deleted", and a member who joins again has another id.

const PURPOSE = "member-erasure";
export const ERASURE_LINK_HOURS = 24;

export type ErasureLink = { status: "valid"; memberId: string } | { status: "invalid" } | { status: "expired" } | { status: "used"; memberId: string };

export function createErasureToken(memberId: string, now = new Date()): string {
  return sealToken(PURPOSE, `${memberId}.${now.getTime() + ERASURE_LINK_HOURS * 60 * 60 * 1000}`);
}

function erasureUrl(memberId: string, now: Date): string {
  return `${getEnv().origin}/delete-my-data?${new URLSearchParams({ token: createErasureToken(memberId, now) })}`;
}

/** What a link stands for now: a member to erase, or why not (never made by us, expired, already used). */
export async function readErasureLink(token: unknown, now = new Date()): Promise<ErasureLink> {
  const payload = openToken(PURPOSE, token);
  const match = payload ? /^([0-9a-f-]{36})\.(\d{1,15})$/.exec(payload) : null;
  if (!match) return { status: "invalid" };
  const [, memberId, expiresAt] = match as unknown as [string, string, string];
  const [member] = await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
  if (!member) return { status: "used", memberId };
  if (Number(expiresAt) <= now.getTime()) return { status: "expired" };
  return { status: "valid", memberId };
}

/** The member asks to be deleted: after a fresh sign-in and within limits, a confirmation link goes to the contact address. */
export async function requestOwnErasure(request: { memberId: string; sessionId: string }, now = new Date()): Promise<void> {
  await admitPrivacyRequest("erasure", request);
  const [member] = await db
    .select({ email: waitlistUsers.email, consentMethod: waitlistUsers.consentMethod, language: waitlistUsers.language })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.id, request.memberId));
  if (!member) throw new AppError("NOT_FOUND", "We couldn't find your place on the waitlist.");
  const i18n = i18nFor(member.language);
  const isForChild = member.consentMethod === "parent_email_plus";
  const { subject, html, text } = renderErasureConfirmation({
    i18n,
    siteName: getEnv().SITE_NAME,
    url: erasureUrl(request.memberId, now),
    hours: ERASURE_LINK_HOURS,
    isForChild,
    // Every e-mail to a consenting parent carries the way to withdraw (ADR 0041).
    footer: isForChild ? parentFooter(request.memberId, i18n) : undefined,
  });
  await enqueueEmail({ kind: "erasure_confirmation", to: member.email, subject, html, text, memberId: request.memberId });
}

/** `used` names the member the link was for (now gone), so the browser that erased them can be told so again. */
export type ErasureOutcome = { outcome: "erased" | "used"; memberId: string } | { outcome: "invalid" | "expired" };

/** The confirmed link: erases the member, or says why not. */
export async function eraseByLink(token: unknown, now = new Date()): Promise<ErasureOutcome> {
  const link = await readErasureLink(token, now);
  if (link.status === "used") return { outcome: "used", memberId: link.memberId };
  if (link.status !== "valid") return { outcome: link.status };
  return { outcome: (await eraseMember(link.memberId, { kind: "member" })) ? "erased" : "used", memberId: link.memberId };
}
