import { db } from "../db.server";
import { assertDatabaseKnowsZone, rebuildOpenSeasons } from "../seasons/season-zone.server";
import { getSiteSetting, saveSiteSettings, type SiteSettings } from "./settings.server";

/**
 * Saves the Site Settings screen. A new time zone moves the month boundaries, so the
 * seasons still running are summed again in the same transaction.
 */
export async function saveSiteSettingsForm(changes: Partial<SiteSettings>, adminId: string): Promise<void> {
  const previousZone = await getSiteSetting("siteTimeZone");
  await db.transaction(async (tx) => {
    const zone = changes.siteTimeZone;
    if (zone !== undefined && zone !== previousZone) await assertDatabaseKnowsZone(tx, zone);
    await saveSiteSettings(changes, adminId, tx);
    if (zone !== undefined && zone !== previousZone) await rebuildOpenSeasons(tx);
  });
}
