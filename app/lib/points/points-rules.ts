// Spec §9 business constants for points and referrals.
export const SIGNUP_POINTS = 10;
export const REFERRAL_BONUS_POINTS = 5;
export const REFERRER_POINTS = 10;
export const TRAILER_VIEW_POINTS = 5;
export const RESET_POINTS = 10;
