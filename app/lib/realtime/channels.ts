/** Postgres NOTIFY channel carrying site_settings changes to every app process. */
export const SITE_SETTINGS_CHANNEL = "site_settings_changed";

/** What the browser receives over SSE when public settings change. */
export type PublicSettingsEvent = {
  type: "settings";
  leaderboardVisible: boolean;
  brandLogoUrl: string;
  primaryBrandColor: string;
};
