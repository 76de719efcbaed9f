import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/language";
import { safeRedirectPath } from "~/lib/auth/redirects";
import { getSessionUser } from "~/lib/auth/session.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { chooseLanguage } from "~/lib/i18n/choose-language.server";
import { LANGUAGES } from "~/kernel/i18n/languages";

const LANGUAGE_CHOICE_MESSAGE = "Choose English or Español.";
const LanguageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: LANGUAGE_CHOICE_MESSAGE }),
  redirectTo: z.string().max(2048).optional(),
});

export async function loader() {
  throw redirect("/");
}

/** The switcher's post (header and footer): keep the choice, and back to the page it was made on. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = LanguageChoiceSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? LANGUAGE_CHOICE_MESSAGE, { status: 400 });
  const user = await getSessionUser(request);
  const cookie = await chooseLanguage(parsed.data.language, user?.email ?? null);
  // A `?lang=` the page was reached with would overrule the choice just made.
  const back = new URL(safeRedirectPath(parsed.data.redirectTo, "/"), "http://localhost");
  back.searchParams.delete("lang");
  throw redirect(`${back.pathname}${back.search}${back.hash}`, { headers: { "Set-Cookie": cookie } });
}
