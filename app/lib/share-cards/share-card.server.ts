import { createHash } from "node:crypto";
import { getEnv } from "../../kernel/env.server";
import { renderMemberAvatar } from "../leaderboard/avatar.server";
import { log } from "../../kernel/log.server";
import { shareCardsServed } from "../metrics.server";
import { crewNameOf } from "../crew-names/crew-name";
import { isReferralCodeShape } from "../referrals/referral-code";
import { getReferralCodeOwner } from "../referrals/referral-owner.server";
import { brandColorVariables } from "../settings/brand-color";
import { getSiteSettings } from "../settings/settings.server";
import { ByteBoundedCache } from "./byte-bounded-cache";
import { getCardFonts } from "./card-fonts.server";
import { getCardLogo } from "./card-logo.server";
import { CARD_TEMPLATE_VERSION, type CardDrawing } from "./card-template";
import { cardNickname, cardSiteName, invitationText } from "./card-text";
import { renderCardPng } from "./render-card.server";
import { RenderGate } from "./render-gate";

export { RenderGateFull as ShareCardsBusy } from "./render-gate";

export type ShareCard = {
  code: string;
  /** Of everything drawn: a new name, colour, logo, avatar, font or layout gives a new URL. */
  hash: string;
  /** The card's sentence, for og:image:alt. */
  alt: string;
  drawing: Omit<CardDrawing, "fontFamily">;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** What the card of the member with this referral code shows, or null (no such code, or blocked). */
export async function getShareCard(referralCode: string): Promise<ShareCard | null> {
  const code = referralCode.trim().toLowerCase();
  if (!isReferralCodeShape(code)) return null;
  // Blocked members and hidden children (ADR 0065) get no card: nothing about them is shown;
  // their links still work. An old code (an alias) gives the member's card under their current code.
  const owner = await getReferralCodeOwner(code);
  const member = owner?.isShownPublicly ? owner : null;
  const avatarSvg = member && renderMemberAvatar(member.id);
  if (!member || !avatarSvg) return null;
  const [settings, fonts] = await Promise.all([getSiteSettings(["primaryBrandColor", "brandLogoUrl"]), getCardFonts()]);
  const logo = await getCardLogo(settings.brandLogoUrl);
  const colors = brandColorVariables(settings.primaryBrandColor);
  const drawing = {
    nickname: cardNickname(crewNameOf(member.id, member.crewNameRoll), fonts.canDraw),
    siteName: cardSiteName(getEnv().SITE_NAME, fonts.canDraw),
    brandColor: colors["--brand"].toLowerCase(),
    brandForeground: colors["--brand-foreground"],
    avatarSrc: `data:image/svg+xml;base64,${Buffer.from(avatarSvg).toString("base64")}`,
    logoSrc: logo?.src ?? null,
  };
  const drawn = {
    template: CARD_TEMPLATE_VERSION,
    fonts: fonts.fingerprint,
    nickname: drawing.nickname,
    siteName: drawing.siteName,
    brandColor: drawing.brandColor,
    brandForeground: drawing.brandForeground,
    logo: logo?.identity ?? "built-in",
    avatar: sha256(avatarSvg),
  };
  return {
    code: member.referralCode,
    hash: sha256(JSON.stringify(drawn)).slice(0, 16),
    alt: invitationText(drawing.nickname, drawing.siteName),
    drawing,
  };
}

/** The card's path: the hash changes with anything drawn (old hashes redirect to the current card). */
export function shareCardPath(card: Pick<ShareCard, "code" | "hash">): string {
  return `/share-cards/${card.code}/${card.hash}.png`;
}

// Cards are 40–80 KB: this keeps the few hundred most recently shared.
const rendered = new ByteBoundedCache(24 * 1024 * 1024);
// Crawlers tend to arrive together: one rendering per card, however many ask at once.
const rendering = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
/** Distinct cards drawn at once per process, and how many more may wait (ADR 0035); beyond: ShareCardsBusy. */
export const shareCardRenders = new RenderGate(2, 4);
/** What a 503 from a full render queue tells the caller to wait. */
export const SHARE_CARDS_BUSY_RETRY_SECONDS = 5;

async function drawShareCard(card: ShareCard): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await getCardFonts();
  if (!card.drawing.logoSrc) return renderCardPng(card.drawing, fonts);
  try {
    return await renderCardPng(card.drawing, fonts);
  } catch (error) {
    // An uploaded logo the renderer cannot read must not cost the member their card.
    log.warn("share card: drawn without the uploaded logo", { reason: error instanceof Error ? error.message : String(error) });
    return renderCardPng({ ...card.drawing, logoSrc: null }, fonts);
  }
}

/**
 * The card as PNG bytes, from memory when it was drawn recently. A card not in memory
 * waits for a render slot; with every slot and queue place taken it throws ShareCardsBusy.
 */
export async function getShareCardPng(card: ShareCard): Promise<Uint8Array<ArrayBuffer>> {
  const key = shareCardPath(card);
  const cached = rendered.get(key);
  if (cached) {
    shareCardsServed.inc({ source: "cached" });
    return cached;
  }
  let pending = rendering.get(key);
  if (!pending) {
    pending = shareCardRenders
      .run(() => {
        shareCardsServed.inc({ source: "rendered" });
        return drawShareCard(card);
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  } else shareCardsServed.inc({ source: "cached" });
  const png = await pending;
  rendered.set(key, png);
  return png;
}
