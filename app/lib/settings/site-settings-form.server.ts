import { sql } from "drizzle-orm";
import { db, type Transaction } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { admitRetentionChange, RETENTION_SETTING_NAMES, type RetentionSchedule } from "../privacy/retention-change.server";
import { assertDatabaseKnowsZone, rebuildOpenSeasons } from "../seasons/season-zone.server";
import { getSiteSetting, getSiteSettings, saveSiteSettings, type SiteSettings } from "./settings.server";

/**
 * Saves the Site Settings screen. A new time zone moves the month boundaries, so the
 * seasons still running are summed again in the same transaction. A retention change that
 * would erase members within 30 days is an owner's, audited with how many (issue 37):
 * `membersErasedSoon` says how many, for the screen's answer.
 */
export async function saveSiteSettingsForm(changes: Partial<SiteSettings>, adminId: string): Promise<{ membersErasedSoon: number }> {
  const previousZone = await getSiteSetting("siteTimeZone");
  const isConsentTableChange = changes.consentAgeByCountry !== undefined && !isSameTable(changes.consentAgeByCountry, await getSiteSetting("consentAgeByCountry"));
  const isAudienceChange = changes.siteAudience !== undefined && changes.siteAudience !== (await getSiteSetting("siteAudience"));
  const isRetentionChange = RETENTION_SETTING_NAMES.some((name) => changes[name] !== undefined);
  const currentRetention = isRetentionChange ? await getSiteSettings(RETENTION_SETTING_NAMES) : null;
  return db.transaction(async (tx) => {
    if (isConsentTableChange) await requireOwner(tx, adminId, CONSENT_TABLE_OWNERS_ONLY);
    if (isAudienceChange) await requireOwner(tx, adminId, SITE_AUDIENCE_OWNERS_ONLY);
    const zone = changes.siteTimeZone;
    if (zone !== undefined && zone !== previousZone) await assertDatabaseKnowsZone(tx, zone);
    const membersErasedSoon = currentRetention ? await admitRetentionChange(tx, currentRetention, retentionAfter(currentRetention, changes), adminId) : 0;
    await saveSiteSettings(changes, adminId, tx);
    if (zone !== undefined && zone !== previousZone) await rebuildOpenSeasons(tx);
    return { membersErasedSoon };
  });
}

function retentionAfter(current: RetentionSchedule, changes: Partial<SiteSettings>): RetentionSchedule {
  const changed = RETENTION_SETTING_NAMES.filter((name) => changes[name] !== undefined).map((name) => [name, changes[name]]);
  return { ...current, ...(Object.fromEntries(changed) as Partial<RetentionSchedule>) };
}

/** Only an owner changes the consent age by country (issue 38): who may join without a parent. */
export const CONSENT_TABLE_OWNERS_ONLY = "Only an owner can change the consent age by country.";
/** Only an owner changes who the site is for (issue 38, ADR 0066): whether anyone joins without a parent. */
export const SITE_AUDIENCE_OWNERS_ONLY = "Only an owner can change who the site is for.";

function isSameTable(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** The saver's role, read from the database in the save's transaction (as admitRetentionChange does). */
async function requireOwner(tx: Transaction, adminId: string, refusal: string): Promise<void> {
  const found = await tx.execute<{ role: string | null }>(sql`select role from users where id = ${adminId}`);
  if (found.rows[0]?.role !== "owner") throw new AppError("FORBIDDEN", refusal);
}
