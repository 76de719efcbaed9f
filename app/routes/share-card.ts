import { data, redirect } from "react-router";
import type { Route } from "./+types/share-card";
import { getShareCard, getShareCardPng, SHARE_CARDS_BUSY_RETRY_SECONDS, ShareCardsBusy, shareCardPath } from "~/lib/share-cards/share-card.server";
import { isNoneMatch } from "~/kernel/http/etag";

// Short, so that a blocked or erased member's card leaves shared caches within minutes
// (ADR 0035); the ETag (the hash of everything drawn) makes each revalidation a 304.
const CARD_CACHE_CONTROL = "public, max-age=300";

// A member's share card: /share-cards/{referral code}/{hash of what it shows}.png.
export async function loader({ params, request }: Route.LoaderArgs) {
  const card = await getShareCard(params.code);
  if (!card) throw data("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  // An old hash (the member's card changed since the link was shared) leads to today's card.
  if (params.hash !== card.hash || params.code !== card.code) {
    throw redirect(shareCardPath(card), { headers: { "Cache-Control": "public, max-age=300" } });
  }
  const etag = `"${card.hash}"`;
  if (isNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CARD_CACHE_CONTROL } });
  }
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await getShareCardPng(card);
  } catch (error) {
    if (!(error instanceof ShareCardsBusy)) throw error;
    throw data("Share cards are busy; try again in a few seconds.", {
      status: 503,
      headers: { "Retry-After": String(SHARE_CARDS_BUSY_RETRY_SECONDS), "Cache-Control": "no-store" },
    });
  }
  return new Response(png, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": CARD_CACHE_CONTROL,
      ETag: etag,
    },
  });
}
