import { describe, expect, it } from "vitest";
import { DEFAULT_PRIZE_TIERS, lastPrizeRank, parsePrizeText, parsePrizeTiers, prizeForRank, prizeTextOf } from "./prizes";

describe("season prizes", () => {
  it("by default: 1st early access pass, 2nd–3rd T-shirt, 4th–10th decal pack, top 100 digital content", () => {
    expect(prizeForRank(1, DEFAULT_PRIZE_TIERS)).toBe("Early access pass + Exclusive digital content");
    expect(prizeForRank(3, DEFAULT_PRIZE_TIERS)).toBe("T-shirt + Exclusive digital content");
    expect(prizeForRank(10, DEFAULT_PRIZE_TIERS)).toBe("Decal pack + Exclusive digital content");
    expect(prizeForRank(100, DEFAULT_PRIZE_TIERS)).toBe("Exclusive digital content");
    expect(prizeForRank(101, DEFAULT_PRIZE_TIERS)).toBeNull();
    expect(lastPrizeRank(DEFAULT_PRIZE_TIERS)).toBe(100);
  });

  it("reads the admin's lines and writes them back", () => {
    const parsed = parsePrizeText("1 Early access pass\n2-3: T-shirt\n4–10 Decal pack");
    expect(parsed).toEqual({
      tiers: [
        { fromRank: 1, toRank: 1, prize: "Early access pass" },
        { fromRank: 2, toRank: 3, prize: "T-shirt" },
        { fromRank: 4, toRank: 10, prize: "Decal pack" },
      ],
    });
    expect(prizeTextOf(DEFAULT_PRIZE_TIERS)).toBe("1 Early access pass\n2-3 T-shirt\n4-10 Decal pack\n1-100 Exclusive digital content");
  });

  it("refuses a backwards range, rank 0, a rank past 1000 or an empty list, naming the line", () => {
    expect(parsePrizeText("1 Pass\n5-2 Shirt")).toEqual({ error: expect.stringContaining("Line 2") });
    expect(parsePrizeText("0 Pass")).toEqual({ error: expect.stringContaining("Line 1") });
    expect(parsePrizeText("1-1001 Pass")).toEqual({ error: expect.stringContaining("Line 1") });
    expect(parsePrizeText("T-shirt")).toEqual({ error: expect.stringContaining("Line 1") });
    expect(parsePrizeText("  \n ")).toEqual({ error: "List at least one prize." });
  });

  it("falls back to the defaults when the stored value is unusable", () => {
    expect(parsePrizeTiers(undefined)).toBe(DEFAULT_PRIZE_TIERS);
    expect(parsePrizeTiers([{ fromRank: 3, toRank: 1, prize: "x" }])).toBe(DEFAULT_PRIZE_TIERS);
    expect(parsePrizeTiers([{ fromRank: 1, toRank: 2, prize: " Hat " }])).toEqual([{ fromRank: 1, toRank: 2, prize: "Hat" }]);
  });
});

describe("the Rewards page's prize lines", () => {
  it("follow the prize tiers", async () => {
    const { prizeCardLines: linesIn } = await import("./prize-cards");
    const { i18nFor } = await import("~/lib/i18n/catalogs.server");
    const prizeCardLines = (keyword: string, tiers: Parameters<typeof linesIn>[1]) => linesIn(keyword, tiers, i18nFor("en"));
    expect(prizeCardLines("early access", DEFAULT_PRIZE_TIERS)).toEqual({ howToGet: "Finish the month at #1 on the leaderboard.", availability: "1 every month." });
    expect(prizeCardLines("shirt", DEFAULT_PRIZE_TIERS).howToGet).toBe("Finish the month in places #2 to #3 on the leaderboard.");
    expect(prizeCardLines("digital", DEFAULT_PRIZE_TIERS)).toEqual({
      howToGet: "Finish the month in the top 100 on the leaderboard.",
      availability: "Up to 100 every month, ties share a place.",
    });
    expect(prizeCardLines("decal", [{ fromRank: 1, toRank: 1, prize: "Hat" }]).howToGet).toBe("Not among this month's prizes.");
  });

  it("are in Spanish for a Spanish page", async () => {
    const { prizeCardLines } = await import("./prize-cards");
    const { i18nFor } = await import("~/lib/i18n/catalogs.server");
    expect(prizeCardLines("shirt", [{ fromRank: 1, toRank: 1, prize: "T-shirt" }, { fromRank: 4, toRank: 5, prize: "T-shirt" }], i18nFor("es"))).toEqual({
      howToGet: "Termina el mes en el puesto #1 o en los puestos #4 a #5 de la clasificación.",
      availability: "Hasta 3 cada mes; los empates comparten puesto.",
    });
  });
});
