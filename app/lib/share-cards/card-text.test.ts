import { describe, expect, it } from "vitest";
import { cardNickname, cardSiteName, drawableText, invitationText, MAX_NICKNAME_CHARACTERS } from "./card-text";

// As if the fonts drew Latin and Cyrillic letters, digits, ASCII punctuation and the ellipsis.
const canDraw = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xc0 && codePoint <= 0x24f) || (codePoint >= 0x400 && codePoint <= 0x4ff) || codePoint === 0x2026 || (codePoint >= 0x300 && codePoint <= 0x36f);

describe("share card text", () => {
  it("writes an ordinary nickname as it is", () => {
    expect(cardNickname("captain.nova", canDraw)).toBe("captain.nova");
    expect(invitationText("captain.nova", "Vista Crew")).toBe("captain.nova invites you to join the Vista Crew");
  });

  it("keeps the letters the fonts have and leaves out the rest", () => {
    expect(cardNickname("звезда🚀船长", canDraw)).toBe("звезда");
    expect(cardNickname("josé.ñandú", canDraw)).toBe("josé.ñandú");
  });

  it("says 'A friend' when nothing readable is left (emoji, other scripts, punctuation only)", () => {
    for (const nickname of ["🚀🌟👨‍👩‍👧‍👦", "船长", "שלום", "مرحبا", "...", "", "\u202e\u200b\u0000"]) {
      expect(cardNickname(nickname, canDraw)).toBe("A friend");
    }
  });

  it("drops control and bidi-override characters instead of obeying them", () => {
    expect(cardNickname("a\u0000b\u202ec\u200bd\u2066e", canDraw)).toBe("abcde");
  });

  it("cuts long nicknames with an ellipsis and caps stacked accents", () => {
    const long = cardNickname("x".repeat(5000), canDraw);
    expect([...long]).toHaveLength(MAX_NICKNAME_CHARACTERS);
    expect(long.endsWith("…")).toBe(true);
    expect(drawableText("q\u0301\u0302\u0303\u0304\u0305", canDraw, 10)).toBe("q\u0301\u0302");
    expect(drawableText("abcdef", (codePoint) => codePoint < 0x80, 4)).toBe("abc...");
  });

  it("falls back to 'crew' for a site name it cannot write", () => {
    expect(cardSiteName("  Vista   Crew ", canDraw)).toBe("Vista Crew");
    expect(cardSiteName("船长", canDraw)).toBe("crew");
  });
});
