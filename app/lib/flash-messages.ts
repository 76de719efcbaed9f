import type { I18n } from "@lingui/core";
import type { Flash } from "./flash.server";

export type FlashMessage = { tone: "success" | "error" | "info"; title: string; description: string };

/** What each one-time notice says (spec's toasts), as a toast or, on pages without scripts, as a banner; in English, shown through i18n._. */
export const FLASH_MESSAGES: Record<Flash, FlashMessage> = {
  "signed-in": { tone: "success", title: /*i18n*/ "Signed In!", description: /*i18n*/ "Welcome!" },
  "signed-out": { tone: "success", title: /*i18n*/ "Signed Out", description: /*i18n*/ "You have been successfully signed out." },
  "session-expired": { tone: "info", title: /*i18n*/ "Signed Out", description: /*i18n*/ "Session expired. Signing out..." },
  "sign-out-failed": { tone: "error", title: /*i18n*/ "Sign Out Failed", description: /*i18n*/ "Please try again." },
  "referral-applied": {
    tone: "success",
    title: /*i18n*/ "Referral Applied!",
    description: /*i18n*/ "Join the waitlist and you and your friend both earn bonus points.",
  },
  joined: { tone: "success", title: /*i18n*/ "Welcome Aboard!", description: /*i18n*/ "You've successfully joined the waitlist. Your adventure begins!" },
  "welcome-back": { tone: "success", title: /*i18n*/ "Welcome Back!", description: /*i18n*/ "Great to see you again on the waitlist." },
};

/** A notice in the reader's language, written by the server: the table stays out of every page's script. */
export function flashMessageFor(flash: Flash, i18n: I18n): FlashMessage {
  const { tone, title, description } = FLASH_MESSAGES[flash];
  return { tone, title: i18n._(title), description: i18n._(description) };
}
