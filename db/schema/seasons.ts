import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { waitlistUsers } from "./waitlist";

// Points each member earned in each season (a calendar month in the site's time zone),
// kept by a trigger on points_ledger (docs/decisions/0016-monthly-seasons.md), so the
// "This month" leaderboard reads an index instead of summing the ledger.
export const seasonPoints = pgTable(
  "season_points",
  {
    /** The first day of the month, in the site's time zone. */
    season: date("season", { mode: "string" }).notNull(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    points: integer("points").notNull().default(0),
    referrals: integer("referrals").notNull().default(0),
    /** The member's join time (never changes): the tie-break, kept here so the ranking is one index scan. */
    memberJoinedAt: timestamp("member_joined_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.memberId] }),
    // NULLS FIRST matches a plain "order by … desc", so the planner walks the index.
    index("season_points_ranking_idx").on(t.season, t.points.desc().nullsFirst(), t.referrals.desc().nullsFirst(), t.memberJoinedAt, t.memberId),
    index("season_points_member_idx").on(t.memberId),
  ],
);

// A finished season: frozen once by the season job, then its winners confirmed by an admin.
export const seasons = pgTable("seasons", {
  season: date("season", { mode: "string" }).primaryKey(),
  timeZone: text("time_zone").notNull(),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  frozenAt: timestamp("frozen_at", { withTimezone: true }).notNull().defaultNow(),
  winnersConfirmedAt: timestamp("winners_confirmed_at", { withTimezone: true }),
  winnersConfirmedBy: text("winners_confirmed_by").references(() => users.id, { onDelete: "set null" }),
  /** Closed in rehearsal mode (ADR 0051): deleted, with its standings and prizes, when the rehearsal ends. */
  rehearsal: boolean("rehearsal").notNull().default(false),
});

// The final standings of a frozen season, in order. Rank, prize and skip reason are
// written when an admin confirms the winners. The member's crew-name roll at the freeze is
// kept, so the Hall of Fame names them as they were named then (ADR 0042; a member who has
// left shows as a former crew member).
export const seasonStandings = pgTable(
  "season_standings",
  {
    season: date("season", { mode: "string" })
      .notNull()
      .references(() => seasons.season, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    memberId: uuid("member_id").references(() => waitlistUsers.id, { onDelete: "set null" }),
    crewNameRoll: integer("crew_name_roll").notNull().default(0),
    points: integer("points").notNull(),
    referrals: integer("referrals").notNull(),
    rank: integer("rank"),
    prize: text("prize"),
    skipReason: text("skip_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.position] }),
    index("season_standings_member_idx").on(t.memberId),
    check("season_standings_position_positive", sql`${t.position} > 0`),
  ],
);

// The rank a member saw on their last visit and on the last visit of an earlier day,
// for "Up 12 places since yesterday".
export const memberPlaces = pgTable("member_places", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => waitlistUsers.id, { onDelete: "cascade" }),
  baselineRank: integer("baseline_rank").notNull(),
  baselineAt: timestamp("baseline_at", { withTimezone: true }).notNull(),
  lastRank: integer("last_rank").notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
});

// A confirmed winner's prize (ADR 0043): claimed through a signed link in the winner
// e-mail, only once consent is on record. The shipping address is stored only encrypted
// (AES-256-GCM, SHIPPING_ADDRESS_KEY) and set to null 30 days after the prize is shipped.
export const prizeClaims = pgTable(
  "prize_claims",
  {
    season: date("season", { mode: "string" })
      .notNull()
      .references(() => seasons.season, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    prize: text("prize").notNull(),
    status: text("status", { enum: ["unclaimed", "claimed", "shipped"] }).notNull().default("unclaimed"),
    /** "v1.<iv>.<tag>.<ciphertext>": never the address in clear. */
    addressCiphertext: text("address_ciphertext"),
    /** The claim link in the winner e-mail works until then. */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    shippedBy: text("shipped_by").references(() => users.id, { onDelete: "set null" }),
    addressDeletedAt: timestamp("address_deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.memberId] }),
    index("prize_claims_member_idx").on(t.memberId),
    index("prize_claims_shipped_at_idx").on(t.shippedAt),
    check("prize_claims_status", sql`${t.status} in ('unclaimed', 'claimed', 'shipped')`),
    check(
      "prize_claims_status_times",
      sql`(${t.status} = 'unclaimed' and ${t.claimedAt} is null and ${t.shippedAt} is null and ${t.addressCiphertext} is null)
       or (${t.status} = 'claimed' and ${t.claimedAt} is not null and ${t.shippedAt} is null and ${t.addressCiphertext} is not null)
       or (${t.status} = 'shipped' and ${t.claimedAt} is not null and ${t.shippedAt} is not null)`,
    ),
    check("prize_claims_address_encrypted", sql`${t.addressCiphertext} is null or ${t.addressCiphertext} like 'v1.%'`),
  ],
);
