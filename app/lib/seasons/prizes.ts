// Prizes per final rank of a season (Admin → Seasons). A rank may fall in several tiers
// ("1-100 Exclusive digital content" besides "1 Early access pass"): it wins each of them.
export type PrizeTier = { fromRank: number; toRank: number; prize: string };

export const MAX_PRIZE_TIERS = 20;
export const MAX_PRIZE_RANK = 1000;
export const MAX_PRIZE_LENGTH = 80;

export const DEFAULT_PRIZE_TIERS: PrizeTier[] = [
  { fromRank: 1, toRank: 1, prize: "Early access pass" },
  { fromRank: 2, toRank: 3, prize: "T-shirt" },
  { fromRank: 4, toRank: 10, prize: "Decal pack" },
  { fromRank: 1, toRank: 100, prize: "Exclusive digital content" },
];

const TIER_LINE = /^(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?\s*[:.)]?\s+(.+)$/;

export type PrizeTextResult = { tiers: PrizeTier[] } | { error: string };

/** The admin's text, one tier per line: "1 Early access pass", "2-3 T-shirt". */
export function parsePrizeText(text: string): PrizeTextResult {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return { error: "List at least one prize." };
  if (lines.length > MAX_PRIZE_TIERS) return { error: `At most ${MAX_PRIZE_TIERS} prize lines.` };
  const tiers: PrizeTier[] = [];
  for (const [index, line] of lines.entries()) {
    const match = TIER_LINE.exec(line);
    const fromRank = Number(match?.[1]);
    const toRank = Number(match?.[2] ?? match?.[1]);
    const prize = match?.[3]?.trim() ?? "";
    if (!match || fromRank < 1 || toRank < fromRank || toRank > MAX_PRIZE_RANK || prize.length > MAX_PRIZE_LENGTH) {
      return { error: `Line ${index + 1}: write a rank or a range from 1 to ${MAX_PRIZE_RANK}, then the prize (at most ${MAX_PRIZE_LENGTH} characters), like "2-3 T-shirt".` };
    }
    tiers.push({ fromRank, toRank, prize });
  }
  return { tiers };
}

export function prizeTextOf(tiers: PrizeTier[]): string {
  return tiers.map((tier) => `${tier.fromRank === tier.toRank ? tier.fromRank : `${tier.fromRank}-${tier.toRank}`} ${tier.prize}`).join("\n");
}

/** A stored value: well-formed tiers only; nothing usable means the defaults. */
export function parsePrizeTiers(value: unknown): PrizeTier[] {
  if (!Array.isArray(value)) return DEFAULT_PRIZE_TIERS;
  const tiers = value
    .filter((entry): entry is PrizeTier => {
      const tier = entry as Partial<PrizeTier> | null;
      return (
        !!tier &&
        Number.isInteger(tier.fromRank) &&
        Number.isInteger(tier.toRank) &&
        tier.fromRank! >= 1 &&
        tier.toRank! >= tier.fromRank! &&
        tier.toRank! <= MAX_PRIZE_RANK &&
        typeof tier.prize === "string" &&
        tier.prize.trim() !== "" &&
        tier.prize.length <= MAX_PRIZE_LENGTH
      );
    })
    .slice(0, MAX_PRIZE_TIERS)
    .map(({ fromRank, toRank, prize }) => ({ fromRank, toRank, prize: prize.trim() }));
  return tiers.length ? tiers : DEFAULT_PRIZE_TIERS;
}

/** What a final rank wins ("Early access pass + Exclusive digital content"), or null. */
export function prizeForRank(rank: number, tiers: PrizeTier[]): string | null {
  const prizes = tiers.filter((tier) => rank >= tier.fromRank && rank <= tier.toRank).map((tier) => tier.prize);
  return prizes.length ? [...new Set(prizes)].join(" + ") : null;
}

/** The last rank that wins anything. */
export function lastPrizeRank(tiers: PrizeTier[]): number {
  return Math.max(0, ...tiers.map((tier) => tier.toRank));
}
