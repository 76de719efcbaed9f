import { redirect } from "react-router";
import type { Route } from "./+types/share";
import { getEnv } from "~/kernel/env.server";
import { recordShareClick } from "~/lib/funnel/funnel-counts.server";
import { SHARE_LINK_BROKEN_MESSAGE, ShareClickQuerySchema } from "~/lib/funnel/share-click.schema";
import { log } from "~/kernel/log.server";
import { networkShareUrl, parseShareNetwork, referralLink } from "~/lib/referrals/share-links";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// A failed count is logged; the click itself always goes through.
async function countClick(channel: Parameters<typeof recordShareClick>[0]["channel"], context: Route.LoaderArgs["context"]) {
  try {
    await recordShareClick({ channel, clientIp: context.clientIp });
  } catch (error) {
    log.warn("share click not counted", { requestId: context.requestId, channel, error });
  }
}

/**
 * A share button without JavaScript: count the click, then 303 to the network's share
 * page. The target is built from a fixed template and the validated code, never taken
 * from the request, so this cannot redirect anywhere else.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const network = parseShareNetwork(params.channel);
  if (!network) throw plainText("Not Found", 404);
  const query = ShareClickQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw plainText(SHARE_LINK_BROKEN_MESSAGE, 400);
  await countClick(network, context);
  const env = getEnv();
  return redirect(networkShareUrl(network, referralLink(env.origin, query.data.code, network), env.SITE_NAME, i18nFor(requestLanguage(request))), {
    status: 303,
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/** The Copy Link button's count (a same-origin POST; the copy has already happened). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.channel !== "copy" || request.method !== "POST") throw plainText("Method Not Allowed", 405);
  await countClick("copy", context);
  return new Response(null, { status: 204 });
}
