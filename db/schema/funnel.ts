import { sql } from "drizzle-orm";
import { bigint, check, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// What only a counter can know, per day of the site's calendar (docs/decisions/0015-funnel-counts.md):
// landing visits (without or with a valid referral code, by the `via` channel of the link)
// and share-button clicks by channel. No visitor is identified: no cookie, no address.
// Joins and confirmations are read from waitlist_users instead.
export const funnelDailyCounts = pgTable(
  "funnel_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric", { enum: ["visit", "visit_ref", "share"] }).notNull(),
    /** The share channel ('' for none), from the fixed list in app/lib/funnel/channels.ts. */
    channel: text("channel").notNull().default(""),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.metric, t.channel] }),
    check("funnel_daily_counts_metric", sql`${t.metric} in ('visit', 'visit_ref', 'share')`),
    check("funnel_daily_counts_channel", sql`${t.channel} in ('', 'copy', 'facebook', 'x', 'linkedin', 'email')`),
    check("funnel_daily_counts_share_has_channel", sql`${t.metric} <> 'share' or ${t.channel} <> ''`),
    check("funnel_daily_counts_count_non_negative", sql`${t.count} >= 0`),
  ],
);
