// Spec §9 business constants for points and referrals.
export const SIGNUP_POINTS = 10;
export const REFERRAL_BONUS_POINTS = 5;
export const REFERRER_POINTS = 10;
export const TRAILER_VIEW_POINTS = 5;
export const RESET_POINTS = 10;
export const NEXT_REWARD_STEP = 100;

/** The dashboard's next-reward bar: points modulo 100. */
export function nextRewardProgress(points: number): number {
  return ((points % NEXT_REWARD_STEP) + NEXT_REWARD_STEP) % NEXT_REWARD_STEP;
}
