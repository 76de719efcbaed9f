import { data } from "react-router";
import type { Route } from "./+types/content-history";
import { requireStaffApi } from "~/lib/auth/guards.server";
import { isContentName } from "~/lib/content/content-fields";
import { listContentHistory } from "~/lib/content/content.server";

// The History dialogs of the text and e-mail editors: the last 10 versions of a field.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, "text-editor");
  const name = new URL(request.url).searchParams.get("name");
  if (!isContentName(name)) throw data({ error: "Unknown content field." }, { status: 400 });
  const entries = await listContentHistory(name);
  return { name, entries: entries.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })) };
}
