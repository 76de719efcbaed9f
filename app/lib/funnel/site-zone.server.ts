import { getSiteSetting } from "../settings/settings.server";

/** The zone whose calendar days the funnel counts in (Settings → site time zone). */
export async function getSiteTimeZone(): Promise<string> {
  return getSiteSetting("siteTimeZone");
}
