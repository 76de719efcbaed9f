/** Why a referral is held for an admin instead of earning points. */
export const REFERRAL_SIGNALS = ["same_network", "same_device", "burst", "daily_cap", "alias", "disposable", "unconfirmed_for_7d"] as const;
export type ReferralSignal = (typeof REFERRAL_SIGNALS)[number];

export const SIGNAL_LABELS: Record<ReferralSignal | "referrer_blocked", string> = {
  same_network: "Same network as the referrer or their other friends within a day",
  same_device: "Joined on a device another member used",
  burst: "Too many referrals to this member within an hour",
  daily_cap: "Over this member's daily referral cap",
  alias: "Address uses a +tag alias",
  disposable: "Throwaway-mail domain (allowed by the admin list)",
  unconfirmed_for_7d: "Friend has not confirmed for 7 days",
  referrer_blocked: "Referrer was blocked",
};
