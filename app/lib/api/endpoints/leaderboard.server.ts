import { AppError } from "../../../kernel/errors";
import { LEADERBOARD_SIZE, listLeaderboard, placeInLine } from "../../leaderboard/leaderboard.server";
import { seasonParamOf } from "../../seasons/season-calendar";
import { getCurrentSeason, listSeasonLeaderboard } from "../../seasons/season-leaderboard.server";
import { getMemberForPartners } from "../../waitlist/members.server";
import { defineEndpoint } from "../endpoint.server";
import { IdParams, LeaderboardQuery, LeaderboardSchema, StandingSchema } from "../schemas";

export const leaderboardEndpoints = [
  defineEndpoint({
    method: "get",
    path: "/leaderboard",
    operationId: "getLeaderboard",
    summary: "The top of the leaderboard",
    description: "Blocked members, children their parent did not show on the public leaderboard and children not shared with the studio's partners are not listed (their places still count, so a rank may be skipped); members with the same points and referrals share a rank.",
    tag: "Leaderboard",
    scope: "leaderboard:read",
    query: LeaderboardQuery,
    response: LeaderboardSchema,
    errors: [400],
    handle: async ({ query }) => {
      const { season } = await getCurrentSeason();
      const limit = Math.min(query.limit, LEADERBOARD_SIZE);
      const rows = query.view === "month" ? await listSeasonLeaderboard(season, { limit, forPartners: true }) : await listLeaderboard({ limit, forPartners: true });
      return { view: query.view, season: seasonParamOf(season), data: rows.map(({ rank, memberId, nickname, points, referralsMade, badge }) => ({ rank, memberId, nickname, points, referralsMade, badge })) };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/leaderboard/members/{id}",
    operationId: "getStanding",
    summary: "A member's all-time rank",
    tag: "Leaderboard",
    scope: "leaderboard:read",
    params: IdParams,
    response: StandingSchema,
    errors: [400, 404],
    handle: async ({ params }) => {
      const member = await getMemberForPartners(params.id);
      const place = member ? await placeInLine(member) : null;
      if (!member || !place) throw new AppError("NOT_FOUND", "No listed member has this id.");
      return { memberId: member.id, rank: place.rank, of: place.of, points: member.points, pointsToPass: place.toPass?.points ?? null };
    },
  }),
];
