export type Badge = "Verified User" | "Referral Rockstar" | "Super Sharer" | "Community Champ" | "Early Bird";

type BadgeInput = { confirmedEmail: boolean; referralsMade: number; points: number; joinDate: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
export const EARLY_BIRD_DAYS = 30;

/** Spec §4: the first matching badge wins. */
export function badgeFor(member: BadgeInput, now: Date = new Date()): Badge | null {
  if (member.confirmedEmail) return "Verified User";
  if (member.referralsMade >= 10) return "Referral Rockstar";
  if (member.referralsMade >= 5) return "Super Sharer";
  if (member.points >= 50) return "Community Champ";
  if (now.getTime() - member.joinDate.getTime() <= EARLY_BIRD_DAYS * DAY_MS) return "Early Bird";
  return null;
}
