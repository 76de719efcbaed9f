// The share channels a referral link can carry as `via=`. A fixed list: anything else a
// URL says is ignored, so no free text from a visitor ever reaches the database.
export const SHARE_CHANNELS = ["copy", "facebook", "x", "linkedin", "email"] as const;

export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export const SHARE_CHANNEL_LABELS: Record<ShareChannel, string> = {
  copy: "Copied link",
  facebook: "Facebook",
  x: "X",
  linkedin: "LinkedIn",
  email: "Email",
};

export function parseShareChannel(value: unknown): ShareChannel | null {
  return typeof value === "string" && (SHARE_CHANNELS as readonly string[]).includes(value) ? (value as ShareChannel) : null;
}
