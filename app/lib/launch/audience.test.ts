import { describe, expect, it } from "vitest";
import { AudienceSchema, describeAudience, MAX_AUDIENCE_MEMBER_IDS } from "./audience";

describe("AudienceSchema", () => {
  it("accepts each kind of segment", () => {
    for (const audience of [
      { kind: "confirmed" },
      { kind: "top_all_time", count: 3 },
      { kind: "top_month", count: 10 },
      { kind: "first_joined", count: 1_000_000 },
      { kind: "tag", tag: "superfan" },
      { kind: "season_winners", season: "2026-05-01" },
      { kind: "wave", waveId: 7 },
      { kind: "members", memberIds: ["0b7e4f7a-8a55-4d3c-9d4e-2f7b1c9a0e11"] },
    ]) {
      expect(AudienceSchema.safeParse(audience).success, audience.kind).toBe(true);
    }
  });

  it("refuses an unknown kind, a count out of bounds, an empty tag, a bad season and an empty or oversized list", () => {
    const messageOf = (value: unknown) => AudienceSchema.safeParse(value).error?.issues[0]?.message;
    expect(AudienceSchema.safeParse({ kind: "everyone_ever" }).success).toBe(false);
    expect(messageOf({ kind: "top_all_time", count: 0 })).toBe("Choose at least 1 member.");
    expect(messageOf({ kind: "top_all_time", count: 1_000_001 })).toBe("Choose at most 1,000,000 members.");
    expect(messageOf({ kind: "first_joined", count: 2.5 })).toBe("Enter a whole number of members.");
    expect(messageOf({ kind: "tag", tag: "   " })).toBe("Enter a tag.");
    expect(messageOf({ kind: "season_winners", season: "2026-05-14" })).toBe("Choose a season.");
    expect(messageOf({ kind: "members", memberIds: [] })).toBe("The list names no crew member.");
    const tooMany = Array.from({ length: MAX_AUDIENCE_MEMBER_IDS + 1 }, () => "0b7e4f7a-8a55-4d3c-9d4e-2f7b1c9a0e11");
    expect(messageOf({ kind: "members", memberIds: tooMany })).toBe("A list holds at most 100,000 members.");
  });
});

describe("describeAudience", () => {
  it("says who the audience is in words", () => {
    expect(describeAudience({ kind: "top_all_time", count: 3 })).toBe("Top 3 of the all-time leaderboard");
    expect(describeAudience({ kind: "top_month", count: 1500 })).toBe("Top 1,500 of this month's leaderboard");
    expect(describeAudience({ kind: "top_month", count: 5, season: "2026-05-01" })).toBe("Top 5 of the May 2026 leaderboard");
    expect(describeAudience({ kind: "first_joined", count: 1 })).toBe("The first member to join");
    expect(describeAudience({ kind: "tag", tag: "superfan" })).toBe('Members tagged "superfan"');
    expect(describeAudience({ kind: "season_winners", season: "2026-04-01" })).toBe("The winners of April 2026");
    expect(describeAudience({ kind: "wave", waveId: 2 })).toBe("The members of wave #2");
    expect(describeAudience({ kind: "members", memberIds: ["a", "b"] })).toBe("An uploaded list of 2 members");
    expect(describeAudience({ kind: "confirmed" })).toBe("Every confirmed member");
  });
});
