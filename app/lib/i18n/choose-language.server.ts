import { eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { normaliseEmail } from "../waitlist/email";
import type { Language } from "../../kernel/i18n/languages";
import { languageCookie } from "./request-language.server";

/**
 * A visitor chose a language: the cookie keeps it for their pages, and a signed-in member's
 * own language follows, so their e-mails (the worker's, a broadcast's) come in it too.
 * Returns the Set-Cookie header.
 */
export async function chooseLanguage(language: Language, signedInEmail: string | null): Promise<string> {
  if (signedInEmail) await db.update(waitlistUsers).set({ language }).where(eq(waitlistUsers.email, normaliseEmail(signedInEmail)));
  return languageCookie(language);
}
