import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Font } from "satori";
import { readWoffCoverage } from "./woff-coverage.server";

/**
 * Nunito (SIL OFL, from @fontsource/nunito 5.3.0), shipped in the repository so a card
 * never depends on the machine's fonts. Read from the working directory like
 * db/migrations: the same path in development, after `npm run build` and in the image.
 */
export const CARD_FONT_DIR = path.resolve(process.cwd(), "server/fonts");

const SUBSETS = ["latin", "latin-ext", "vietnamese", "cyrillic", "cyrillic-ext"] as const;
const WEIGHTS = [700, 800] as const;

export type CardFonts = {
  fonts: Font[];
  /** The CSS font-family list: each subset is its own family, so Satori falls back across them. */
  family: string;
  canDraw: (codePoint: number) => boolean;
  /** Changes when any font file changes (part of every card's hash). */
  fingerprint: string;
};

async function loadCardFonts(): Promise<CardFonts> {
  const fingerprint = createHash("sha256");
  const covered = new Set<number>();
  const fonts: Font[] = [];
  for (const subset of SUBSETS) {
    for (const weight of WEIGHTS) {
      const file = `nunito-${subset}-${weight}-normal.woff`;
      const data = await fs.readFile(path.join(CARD_FONT_DIR, file));
      fingerprint.update(file).update(data);
      for (const codePoint of readWoffCoverage(data)) covered.add(codePoint);
      fonts.push({ name: `Nunito ${subset}`, data, weight, style: "normal" });
    }
  }
  return {
    fonts,
    family: SUBSETS.map((subset) => `"Nunito ${subset}"`).join(", "),
    canDraw: (codePoint) => covered.has(codePoint),
    fingerprint: fingerprint.digest("hex").slice(0, 16),
  };
}

let loading: Promise<CardFonts> | undefined;

/** The card fonts, read once per process. */
export function getCardFonts(): Promise<CardFonts> {
  loading ??= loadCardFonts().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
