import { data } from "react-router";
import type { Route } from "./+types/content-history";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { isContentName } from "~/lib/content/content-fields";
import { listContentHistory } from "~/lib/content/content.server";
import { requireContentLanguage } from "~/lib/content/content-language.server";

// The History dialogs of the text and e-mail editors: the last 10 versions of a field in
// one language (`?language=es`; English when left out).
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, "text-editor");
  const params = new URL(request.url).searchParams;
  const name = params.get("name");
  if (!isContentName(name)) throw data({ error: "Unknown content field." }, { status: 400 });
  const language = requireContentLanguage(request);
  const entries = await listContentHistory(name, language);
  return { name, language, entries: entries.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })) };
}
