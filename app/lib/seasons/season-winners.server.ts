import { sql } from "drizzle-orm";
import { db, type Transaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { publicNameOf } from "../crew-names/crew-name";
import { recordAdminAuditEvent } from "../audit/audit.server";
import { createPrizeClaims } from "../prizes/prize-claims.server";
import { getSiteSettings } from "../settings/settings.server";
import { seasonLabel } from "./season-calendar";
import { lastPrizeRank, prizeForRank, type PrizeTier } from "./prizes";
import { getWinnerTemplates, queueWinnerEmail } from "./winner-email.server";
import { refuseRealWinnerMailDuringRehearsal } from "../launch/rehearsal-guard.server";
import type { SkipReason, Standing } from "./standing";

export type { Standing } from "./standing";

/** `rehearsal`: closed in rehearsal mode (ADR 0051), gone when the rehearsal ends. */
export type SeasonSummary = { season: string; frozenAt: Date; winnersConfirmedAt: Date | null; rehearsal: boolean };

type SummaryRow = { season: string; frozen_at: string | Date; winners_confirmed_at: string | Date | null; rehearsal: boolean };

function summaryOf(row: SummaryRow): SeasonSummary {
  return { season: row.season, frozenAt: new Date(row.frozen_at), winnersConfirmedAt: row.winners_confirmed_at ? new Date(row.winners_confirmed_at) : null, rehearsal: row.rehearsal === true };
}

export async function listFrozenSeasons(): Promise<SeasonSummary[]> {
  const result = await db.execute<SummaryRow>(sql`
    select to_char(season, 'YYYY-MM-DD') as season, frozen_at, winners_confirmed_at, rehearsal from seasons order by season desc`);
  return result.rows.map(summaryOf);
}

type StandingRow = {
  position: number;
  member_id: string | null;
  crew_name_roll: number;
  points: number;
  referrals: number;
  rank: number | null;
  prize: string | null;
  skip_reason: SkipReason | null;
  email: string | null;
  is_blocked: boolean | null;
  parent_consented: boolean;
  held_referrals: number;
};

async function readStandings(executor: Transaction | typeof db, season: string): Promise<StandingRow[]> {
  const result = await executor.execute<StandingRow>(sql`
    select st.position, st.member_id, st.crew_name_roll, st.points, st.referrals, st.rank, st.prize, st.skip_reason,
           m.email, m.is_blocked, m.consent_method is not distinct from 'parent_email_plus' as parent_consented,
           (select count(*) from referrals r where r.referrer_id = st.member_id and r.status = 'held')::integer as held_referrals
      from season_standings st
      left join waitlist_users m on m.id = st.member_id
     where st.season = ${season}::date
     order by st.position`);
  return result.rows;
}

/** The crew name a standing shows: the member's name as it was at the freeze (ADR 0042). */
function standingNameOf(row: { member_id: string | null; crew_name_roll: number }): string {
  return publicNameOf({ memberId: row.member_id, roll: Number(row.crew_name_roll) });
}

function skipReasonOf(row: StandingRow): SkipReason | null {
  if (!row.member_id || row.email === null) return "No longer on the waitlist";
  if (row.is_blocked) return "Blocked";
  if (Number(row.held_referrals) > 0) return "Referrals held for review";
  return null;
}

/**
 * Ranks the frozen order as it stands now: skipped members keep their place in the list
 * but no rank; eligible members get competition ranks (equal points and referrals share
 * one) and the prizes of their rank.
 */
function rankStandings(rows: StandingRow[], tiers: PrizeTier[]): (Standing & { email: string | null; parentConsented: boolean })[] {
  const lastRank = lastPrizeRank(tiers);
  let eligible = 0;
  let previous: { points: number; referrals: number; rank: number } | undefined;
  return rows.map((row) => {
    const points = Number(row.points);
    const referrals = Number(row.referrals);
    const skipReason = skipReasonOf(row);
    let rank: number | null = null;
    if (!skipReason) {
      eligible += 1;
      rank = previous && previous.points === points && previous.referrals === referrals ? previous.rank : eligible;
      previous = { points, referrals, rank };
    }
    const prize = rank !== null && rank <= lastRank ? prizeForRank(rank, tiers) : null;
    return { position: Number(row.position), memberId: row.member_id, nickname: standingNameOf(row), points, referrals, rank, prize, skipReason, email: row.email, parentConsented: row.parent_consented };
  });
}

export type SeasonDetail = SeasonSummary & { standings: Standing[]; isConfirmed: boolean };

/** A frozen season for the admin: the saved winners once confirmed, a live preview before. */
export async function getFrozenSeason(season: string): Promise<SeasonDetail | null> {
  const found = await db.execute<SummaryRow>(sql`
    select to_char(season, 'YYYY-MM-DD') as season, frozen_at, winners_confirmed_at, rehearsal from seasons where season = ${season}::date`);
  if (!found.rows[0]) return null;
  const summary = summaryOf(found.rows[0]);
  const rows = await readStandings(db, season);
  if (summary.winnersConfirmedAt) {
    const standings = rows.map((row) => ({
      position: Number(row.position),
      memberId: row.member_id,
      nickname: standingNameOf(row),
      points: Number(row.points),
      referrals: Number(row.referrals),
      rank: row.rank === null ? null : Number(row.rank),
      prize: row.prize,
      skipReason: row.skip_reason,
    }));
    return { ...summary, standings, isConfirmed: true };
  }
  const { seasonPrizes } = await getSiteSettings(["seasonPrizes"]);
  const standings = rankStandings(rows, seasonPrizes).map(({ email: _email, parentConsented: _parent, ...standing }) => standing);
  return { ...summary, standings, isConfirmed: false };
}

/**
 * Confirms a frozen season's winners: ranks and prizes are written to the standings, each
 * winner gets a prize claim and one e-mail with its link (through the outbox, in the same
 * transaction). A season is confirmed once; a second confirmation is refused.
 */
export async function confirmSeasonWinners(season: string, adminId: string): Promise<{ winners: number }> {
  const [{ seasonPrizes }, templates] = await Promise.all([getSiteSettings(["seasonPrizes"]), getWinnerTemplates()]);
  const label = seasonLabel(season);
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ winners_confirmed_at: string | null }>(
      sql`select winners_confirmed_at from seasons where season = ${season}::date for update`,
    );
    const row = locked.rows[0];
    if (!row) throw new AppError("NOT_FOUND", `${label} has not finished yet.`);
    if (row.winners_confirmed_at) throw new AppError("CONFLICT", `The winners of ${label} are already confirmed.`);
    await refuseRealWinnerMailDuringRehearsal(tx, season);

    const standings = rankStandings(await readStandings(tx, season), seasonPrizes);
    let winners = 0;
    const claims: { memberId: string; prize: string }[] = [];
    for (const standing of standings) {
      await tx.execute(sql`
        update season_standings set rank = ${standing.rank}, prize = ${standing.prize}, skip_reason = ${standing.skipReason}
         where season = ${season}::date and position = ${standing.position}`);
      if (!standing.prize || !standing.email || !standing.memberId || standing.rank === null) continue;
      claims.push({ memberId: standing.memberId, prize: standing.prize });
      await queueWinnerEmail(tx, season, templates, {
        memberId: standing.memberId,
        email: standing.email,
        nickname: standing.nickname,
        rank: standing.rank,
        prize: standing.prize,
        parentConsented: standing.parentConsented,
      });
      winners += 1;
    }
    await createPrizeClaims(tx, season, claims);
    await tx.execute(sql`update seasons set winners_confirmed_at = now(), winners_confirmed_by = ${adminId} where season = ${season}::date`);
    await recordAdminAuditEvent(tx, adminId, {
      action: "season.winners_confirmed",
      targetType: "season",
      targetId: season.slice(0, 7),
      after: { winners: standings.filter((standing) => standing.prize && standing.email).map(({ rank, nickname, prize }) => ({ rank, nickname, prize })) },
    });
    return { winners };
  });
}

export type HallOfFameSeason = {
  season: string;
  winners: { rank: number; memberId: string | null; nickname: string; points: number; prize: string }[];
};

/** Confirmed seasons, newest first, with their winners in rank order; never a rehearsal's, never a hidden child (ADR 0065). */
export async function listHallOfFame(limit = 24): Promise<HallOfFameSeason[]> {
  const result = await db.execute<{ season: string; rank: number; member_id: string | null; crew_name_roll: number; points: number; prize: string }>(sql`
    with confirmed as (
      select season from seasons where winners_confirmed_at is not null and not rehearsal order by season desc limit ${limit})
    select to_char(st.season, 'YYYY-MM-DD') as season, st.rank, st.member_id, st.crew_name_roll, st.points, st.prize
      from season_standings st join confirmed using (season)
      left join waitlist_users m on m.id = st.member_id
     where st.rank is not null and st.prize is not null and (m.id is null or m.is_shown_publicly)
     order by st.season desc, st.rank, st.position`);
  const bySeason = new Map<string, HallOfFameSeason>();
  for (const row of result.rows) {
    const entry = bySeason.get(row.season) ?? { season: row.season, winners: [] };
    entry.winners.push({ rank: Number(row.rank), memberId: row.member_id, nickname: standingNameOf(row), points: Number(row.points), prize: row.prize });
    bySeason.set(row.season, entry);
  }
  return [...bySeason.values()];
}
