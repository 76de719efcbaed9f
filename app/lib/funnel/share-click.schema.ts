import { z } from "zod";

// Referral codes are lowercase letters and digits (app/lib/referrals/referral-code.ts).
export const ShareClickQuerySchema = z.object({
  code: z.string().trim().toLowerCase().regex(/^[a-z0-9]{4,64}$/),
});

export const SHARE_LINK_BROKEN_MESSAGE = "This share link is incomplete. Please go back and try the button again.";
