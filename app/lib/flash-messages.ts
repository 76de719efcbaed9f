import type { Flash } from "./flash.server";

export type FlashMessage = { tone: "success" | "error" | "info"; title: string; description: string };

/** What each one-time notice says (spec's toasts), as a toast or, on pages without scripts, as a banner. */
export const FLASH_MESSAGES: Record<Flash, FlashMessage> = {
  "signed-in": { tone: "success", title: "Signed In!", description: "Welcome!" },
  "signed-out": { tone: "success", title: "Signed Out", description: "You have been successfully signed out." },
  "session-expired": { tone: "info", title: "Signed Out", description: "Session expired. Signing out..." },
  "sign-out-failed": { tone: "error", title: "Sign Out Failed", description: "Please try again." },
  "referral-applied": {
    tone: "success",
    title: "Referral Applied!",
    description: "Join the waitlist and you and your friend both earn bonus points.",
  },
  joined: { tone: "success", title: "Welcome Aboard!", description: "You've successfully joined the waitlist. Your adventure begins!" },
  "welcome-back": { tone: "success", title: "Welcome Back!", description: "Great to see you again on the waitlist." },
};
