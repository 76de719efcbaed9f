import { data, redirect } from "react-router";
import type { Route } from "./+types/share-card";
import { getShareCard, getShareCardPng, shareCardPath } from "~/lib/share-cards/share-card.server";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// A member's share card: /share-cards/{referral code}/{hash of what it shows}.png.
export async function loader({ params }: Route.LoaderArgs) {
  const card = await getShareCard(params.code);
  if (!card) throw data("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  // An old hash (the member's card changed since the link was shared) leads to today's card.
  if (params.hash !== card.hash || params.code !== card.code) {
    throw redirect(shareCardPath(card), { headers: { "Cache-Control": "public, max-age=300" } });
  }
  const png = await getShareCardPng(card);
  return new Response(png, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
    },
  });
}
