import { describe, expect, it } from "vitest";
import { renderMemberAvatar } from "../leaderboard/avatar.server";
import { getCardFonts } from "./card-fonts.server";
import { cardNickname, cardSiteName } from "./card-text";
import { renderCardPng } from "./render-card.server";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_CARD_BYTES = 300 * 1024;

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Uint8Array): [number, number] {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(String.fromCharCode(...png.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

const avatar = renderMemberAvatar("3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b") ?? "";

async function renderFor(nickname: string, siteName = "Vista Crew") {
  const fonts = await getCardFonts();
  return renderCardPng(
    {
      nickname: cardNickname(nickname, fonts.canDraw),
      siteName: cardSiteName(siteName, fonts.canDraw),
      brandColor: "#f8a719",
      brandForeground: "#111827",
      avatarSrc: `data:image/svg+xml;base64,${Buffer.from(avatar).toString("base64")}`,
      logoSrc: null,
    },
    fonts,
  );
}

describe("share card rendering", () => {
  it("draws Latin, Latin-extended, Vietnamese and Cyrillic, and knows it cannot draw CJK, emoji, Greek or Hebrew", async () => {
    const { canDraw } = await getCardFonts();
    for (const letter of ["a", "Z", "ß", "ł", "ệ", "П", "ї", "…"]) expect(canDraw(letter.codePointAt(0) ?? 0), letter).toBe(true);
    for (const letter of ["船", "🚀", "Ω", "ש", "م"]) expect(canDraw(letter.codePointAt(0) ?? 0), letter).toBe(false);
  });

  it("is a 1200×630 PNG under 300 KB", async () => {
    const png = await renderFor("captain.nova");
    expect(pngSize(png)).toEqual([1200, 630]);
    expect(png.byteLength).toBeLessThan(MAX_CARD_BYTES);
  });

  it.each([
    ["emoji", "🚀🌟👨‍👩‍👧‍👦"],
    ["Chinese", "船长"],
    ["Arabic, right to left", "مرحبا.بالعالم"],
    ["Hebrew mixed with Latin", "שלום.crew"],
    ["bidi override and zero-width characters", "evil\u202egnp.exe\u200b\u2066"],
    ["control characters", "a\u0000b\u0007c\u001bd"],
    ["stacked accents", `z${"\u0301\u0336".repeat(200)}`],
    ["a lone surrogate", "\ud800nova"],
    ["5,000 characters without a break", "x".repeat(5000)],
    ["Cyrillic and Vietnamese", "звёздочка.tiếng"],
  ])("draws a nickname with %s", async (_, nickname) => {
    const png = await renderFor(nickname, `${nickname} ${"Crew".repeat(30)}`);
    expect(pngSize(png)).toEqual([1200, 630]);
    expect(png.byteLength).toBeLessThan(MAX_CARD_BYTES);
  });
});
