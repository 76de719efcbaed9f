import { getEnv } from "../../kernel/env.server";
import { openToken, sealToken } from "../security/signed-token.server";

// A wave's invite code (ADR 0049): "<member id>~<wave id>.<HMAC>", signed for this purpose
// only. It names its member: only that member, signed in by magic link to their own address,
// can redeem it, so a forwarded code admits nobody else. Redeeming sets admitted_at once;
// the code needs no expiry or row of its own.

const PURPOSE = "wave-invite";
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WAVE_ID = /^[1-9]\d{0,15}$/;

export type InviteCode = { memberId: string; waveId: number };

export function createInviteCode({ memberId, waveId }: InviteCode): string {
  return sealToken(PURPOSE, `${memberId}~${waveId}`);
}

/** The member and wave a code was made for, or null when we did not make it. */
export function readInviteCode(code: unknown): InviteCode | null {
  const [memberId, waveId, ...rest] = openToken(PURPOSE, code)?.split("~") ?? [];
  if (!memberId || !waveId || rest.length > 0 || !MEMBER_ID.test(memberId) || !WAVE_ID.test(waveId)) return null;
  return { memberId, waveId: Number(waveId) };
}

/** The invite page's path for a code (the dashboard links it; the e-mail links the full URL). */
export function invitePath(invite: InviteCode): string {
  return `/invite?${new URLSearchParams({ code: createInviteCode(invite) })}`;
}

export function inviteUrl(invite: InviteCode): string {
  return `${getEnv().origin}${invitePath(invite)}`;
}
