import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import type { CardFonts } from "./card-fonts.server";
import { CARD_HEIGHT, CARD_WIDTH } from "./card-size";
import { shareCardElement, type CardDrawing } from "./card-template";

/** The card as a 1200×630 PNG: Satori lays it out as SVG, resvg paints it (off the main thread). */
export async function renderCardPng(drawing: Omit<CardDrawing, "fontFamily">, fonts: CardFonts): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(shareCardElement({ ...drawing, fontFamily: fonts.family }), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: fonts.fonts,
  });
  // Every glyph is already a path: resvg needs no fonts, and must not look for the machine's.
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false }, logLevel: "off" });
  return new Uint8Array(image.asPng());
}
