import type { QueuedWaveInviteData, QueuedWelcomeData } from "../../../db/schema";
import { memberLanguage } from "../waitlist/member-language.server";
import { renderBroadcastMessage } from "../launch/broadcasts/broadcast-render.server";
import { prepareWaveInviteEmail } from "../launch/wave-invite-email.server";
import { prepareWelcomeEmail } from "./welcome.server";

export type RenderedEmail = { subject: string; html: string; text: string };

function isBroadcastData(data: unknown): data is { broadcastId: number; memberId: string } {
  if (typeof data !== "object" || data === null) return false;
  const { broadcastId, memberId } = data as Record<string, unknown>;
  return typeof broadcastId === "number" && typeof memberId === "string";
}

export function isWelcomeData(data: unknown): data is QueuedWelcomeData {
  if (typeof data !== "object" || data === null) return false;
  const { memberId, referralCode } = data as Record<string, unknown>;
  return typeof memberId === "string" && typeof referralCode === "string";
}

function isWaveInviteData(data: unknown): data is QueuedWaveInviteData {
  if (typeof data !== "object" || data === null) return false;
  const { memberId, waveId } = data as Record<string, unknown>;
  return typeof memberId === "string" && typeof waveId === "number";
}

/**
 * A message queued unrendered (ADR 0038), rendered as it goes out: the welcome e-mail a
 * sign-up queued, from the welcome template as it is now; a broadcast's message for its
 * member (ADR 0050); a wave's invitation with the member's invite code (ADR 0049). Throws for anything else, so the sender records a
 * failed attempt rather than sending an empty e-mail.
 */
export async function renderQueuedEmail(message: { kind: string; to: string; templateData: unknown }): Promise<RenderedEmail> {
  if (message.kind === "broadcast" && isBroadcastData(message.templateData)) {
    const rendered = await renderBroadcastMessage(message.templateData);
    if (!rendered) throw new Error("the member of this broadcast message was blocked or left");
    return rendered;
  }
  if (message.kind === "wave_invite" && isWaveInviteData(message.templateData)) {
    return prepareWaveInviteEmail(message.templateData);
  }
  if (message.kind !== "welcome" || !isWelcomeData(message.templateData)) {
    throw new Error(`no way to render a queued "${message.kind}" e-mail from what it holds`);
  }
  const { memberId, referralCode, parentConsent } = message.templateData;
  const language = await memberLanguage(memberId);
  const { subject, html, text } = await prepareWelcomeEmail({ id: memberId, email: message.to, referralCode, language, isParentConsented: parentConsent === true });
  return { subject, html, text };
}
