// What a share card may write. Nicknames come from e-mail addresses and the site name
// from the environment: either can hold anything Unicode allows. The card keeps what
// its fonts can draw, drops controls and invisible formatting (bidi overrides,
// zero-width characters), caps stacked accents and length, and says "A friend" (or
// "crew") when nothing readable is left.

export const MAX_NICKNAME_CHARACTERS = 24;
export const MAX_SITE_NAME_CHARACTERS = 40;
export const NICKNAME_FALLBACK = "A friend";
export const SITE_NAME_FALLBACK = "crew";
const MAX_MARKS_PER_LETTER = 2;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u;
const MARK = /\p{M}/u;
const SPACE = /\p{Zs}/u;
const READABLE = /[\p{L}\p{N}]/u;

export type CanDraw = (codePoint: number) => boolean;

/** `text` reduced to characters the card can draw, at most `maxCharacters` long (an ellipsis marks a cut). */
export function drawableText(text: string, canDraw: CanDraw, maxCharacters: number): string {
  const kept: string[] = [];
  let marks = 0;
  for (const character of text.normalize("NFC")) {
    if (INVISIBLE.test(character)) continue;
    if (SPACE.test(character)) {
      if (kept.length > 0 && kept.at(-1) !== " ") kept.push(" ");
      marks = 0;
      continue;
    }
    if (!canDraw(character.codePointAt(0) ?? 0)) continue;
    if (MARK.test(character)) {
      if (kept.length === 0 || kept.at(-1) === " " || marks >= MAX_MARKS_PER_LETTER) continue;
      marks += 1;
    } else marks = 0;
    kept.push(character);
  }
  const trimmed = kept.join("").trim();
  const characters = [...trimmed];
  if (characters.length <= maxCharacters) return trimmed;
  const ellipsis = canDraw(0x2026) ? "…" : "...";
  return `${characters.slice(0, maxCharacters - 1).join("").trimEnd()}${ellipsis}`;
}

/** The nickname as the card writes it, or "A friend" when none of it can be drawn. */
export function cardNickname(nickname: string, canDraw: CanDraw): string {
  const text = drawableText(nickname, canDraw, MAX_NICKNAME_CHARACTERS);
  return READABLE.test(text) ? text : NICKNAME_FALLBACK;
}

/** The site name as the card writes it, or "crew" when none of it can be drawn. */
export function cardSiteName(siteName: string, canDraw: CanDraw): string {
  const text = drawableText(siteName, canDraw, MAX_SITE_NAME_CHARACTERS);
  return READABLE.test(text) ? text : SITE_NAME_FALLBACK;
}

/** The card's sentence, also its image's alternative text. */
export function invitationText(nickname: string, siteName: string): string {
  return `${nickname} invites you to join the ${siteName}`;
}
