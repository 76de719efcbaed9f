import { z } from "zod";
import { seasonLabel } from "../seasons/season-calendar";
import { noControlCharacters } from "../text-rules";
import { LANGUAGE_NAMES, LANGUAGES } from "../../kernel/i18n/languages";

// Who a wave or a broadcast goes to (ADR 0049). Stored as JSON on the wave or broadcast,
// checked and counted by audience.server.ts before anything is queued.

export const MAX_AUDIENCE_COUNT = 1_000_000;
/** An uploaded list, already resolved to member ids: bounded so a form or API body stays small. */
export const MAX_AUDIENCE_MEMBER_IDS = 100_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEASON = /^\d{4}-(0[1-9]|1[0-2])-01$/;

const count = z
  .number({ error: "Enter how many members." })
  .int("Enter a whole number of members.")
  .min(1, "Choose at least 1 member.")
  .max(MAX_AUDIENCE_COUNT, `Choose at most ${MAX_AUDIENCE_COUNT.toLocaleString("en-US")} members.`);

export const AudienceSchema = z.discriminatedUnion("kind", [
  /** Every confirmed, not blocked member. */
  z.object({ kind: z.literal("confirmed") }),
  /** The top N of the all-time leaderboard (its order: points, referrals, join order). */
  z.object({ kind: z.literal("top_all_time"), count }),
  /** The top N of the month's season leaderboard; `season` is pinned by resolveAudience. */
  z.object({ kind: z.literal("top_month"), count, season: z.string().regex(SEASON, "Choose a season.").optional() }),
  /** The N members who joined first. */
  z.object({ kind: z.literal("first_joined"), count }),
  /** Members with a tag (the back office's tags, compared without case). */
  z.object({
    kind: z.literal("tag"),
    tag: z.string({ error: "Enter a tag." }).trim().min(1, "Enter a tag.").max(50, "Tags are at most 50 characters.").refine(...noControlCharacters),
  }),
  /** Every confirmed, not blocked member whose language is this one (issue 31). */
  z.object({ kind: z.literal("language"), language: z.enum(LANGUAGES, { error: "Choose a language." }) }),
  /** The confirmed winners of a frozen season ("2026-05-01"). */
  z.object({ kind: z.literal("season_winners"), season: z.string({ error: "Choose a season." }).regex(SEASON, "Choose a season.") }),
  /** The members a wave invited. */
  z.object({ kind: z.literal("wave"), waveId: z.number({ error: "Choose a wave." }).int("Choose a wave.").positive("Choose a wave.").max(Number.MAX_SAFE_INTEGER) }),
  /** An uploaded list, resolved to member ids. */
  z.object({
    kind: z.literal("members"),
    memberIds: z
      .array(z.string().regex(UUID, "The list holds an id that is not a member's."))
      .min(1, "The list names no crew member.")
      .max(MAX_AUDIENCE_MEMBER_IDS, `A list holds at most ${MAX_AUDIENCE_MEMBER_IDS.toLocaleString("en-US")} members.`),
  }),
]);

export type Audience = z.infer<typeof AudienceSchema>;
export type AudienceKind = Audience["kind"];

type TopMonth = Extract<Audience, { kind: "top_month" }>;
/** An audience ready to query: a month's top names its month, so pages queued later keep it. */
export type ResolvedAudience = Exclude<Audience, TopMonth> | (TopMonth & { season: string });

export const AUDIENCE_KIND_LABEL: Record<AudienceKind, string> = {
  confirmed: "Everyone confirmed",
  top_all_time: "Top of the all-time leaderboard",
  top_month: "Top of this month's leaderboard",
  first_joined: "The first to join",
  tag: "A tag",
  language: "Everyone confirmed who speaks a language",
  season_winners: "A season's winners",
  wave: "A wave",
  members: "An uploaded list",
};

const number = (value: number) => value.toLocaleString("en-US");
const members = (value: number) => (value === 1 ? "1 member" : `${number(value)} members`);

/** The audience in words, for lists and the audit log: "Top 3 of the all-time leaderboard". */
export function describeAudience(audience: Audience): string {
  switch (audience.kind) {
    case "confirmed":
      return "Every confirmed member";
    case "top_all_time":
      return `Top ${number(audience.count)} of the all-time leaderboard`;
    case "top_month":
      return audience.season ? `Top ${number(audience.count)} of the ${seasonLabel(audience.season)} leaderboard` : `Top ${number(audience.count)} of this month's leaderboard`;
    case "first_joined":
      return audience.count === 1 ? "The first member to join" : `The first ${number(audience.count)} members to join`;
    case "tag":
      return `Members tagged "${audience.tag}"`;
    case "language":
      return `Every confirmed member whose language is ${LANGUAGE_NAMES[audience.language]}`;
    case "season_winners":
      return `The winners of ${seasonLabel(audience.season)}`;
    case "wave":
      return `The members of wave #${audience.waveId}`;
    case "members":
      return `An uploaded list of ${members(audience.memberIds.length)}`;
  }
}
