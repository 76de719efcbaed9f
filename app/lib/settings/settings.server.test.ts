import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { siteSettings, users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { DEFAULT_LOGO_URL } from "./settings-rules";
import { forgetCachedSettings, getSiteSetting, getSiteSettings, saveSiteSettings } from "./settings.server";

beforeEach(resetDatabase);

describe("site settings", () => {
  it("returns the spec's defaults when nothing is stored", async () => {
    const settings = await getSiteSettings();
    expect(settings.leaderboardVisible).toBe(true);
    expect(settings.brandLogoUrl).toBe(DEFAULT_LOGO_URL);
    expect(settings.primaryBrandColor).toBe("#F8A719");
    expect(settings.sessionTimeoutMinutes).toBe(30);
    expect(settings.socialSharingLinks).toEqual({ facebook: "", twitter: "", instagram: "", linkedin: "" });
    expect(settings.welcomeEmailTemplateHtml).toContain("{{REFERRAL_LINK}}");
  });

  it("normalises values on save and records the admin who saved", async () => {
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    await saveSiteSettings(
      { brandLogoUrl: "   ", primaryBrandColor: "", sessionTimeoutMinutes: -4, homepageVideoThumbnailUrl: " " },
      "admin-1",
    );
    const rows = await db.select().from(siteSettings);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.brand_logo_url?.value).toBe(DEFAULT_LOGO_URL);
    expect(byKey.primary_brand_color?.value).toBe("#F8A719");
    expect(byKey.session_timeout_minutes?.value).toBe(30);
    expect(byKey.homepage_video_thumbnail_url?.value).toBeNull();
    expect(rows.every((row) => row.lastUpdatedByAdminId === "admin-1")).toBe(true);
  });

  it("reads leaderboard_visible stored as the string 'true' or 'false'", async () => {
    await db.insert(siteSettings).values({ key: "leaderboard_visible", value: "false" });
    forgetCachedSettings();
    expect(await getSiteSetting("leaderboardVisible")).toBe(false);
    await db.update(siteSettings).set({ value: "true" }).where(eq(siteSettings.key, "leaderboard_visible"));
    forgetCachedSettings();
    expect(await getSiteSetting("leaderboardVisible")).toBe(true);
  });

  it("serves settings from memory, and sees another process's save when its notification arrives", async () => {
    expect(await getSiteSetting("leaderboardVisible")).toBe(true);
    // As another app process saves: the row and the notification, without this process's save.
    await db.transaction(async (tx) => {
      await tx.insert(siteSettings).values({ key: "leaderboard_visible", value: false });
      await tx.execute(sql`select pg_notify('site_settings_changed', '["leaderboard_visible"]')`);
    });
    await expect.poll(() => getSiteSetting("leaderboardVisible"), { timeout: 2_000, interval: 50 }).toBe(false);
    await saveSiteSettings({ leaderboardVisible: true }, null);
    expect(await getSiteSetting("leaderboardVisible")).toBe(true);
  });

  it("turns a stored non-positive timeout into 30 on load", async () => {
    await db.insert(siteSettings).values({ key: "session_timeout_minutes", value: sql`'0'::jsonb` });
    forgetCachedSettings();
    expect(await getSiteSetting("sessionTimeoutMinutes")).toBe(30);
  });

  it("stores rich text as html_content and strips scripts from it", async () => {
    await saveSiteSettings({ homepageMainSubtitle: '<p>Hi <strong>crew</strong><script>alert(1)</script></p>' }, null);
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "homepage_main_subtitle"));
    expect(row?.value).toEqual({ html_content: "<p>Hi <strong>crew</strong></p>" });
    expect(await getSiteSetting("homepageMainSubtitle")).toBe("<p>Hi <strong>crew</strong></p>");
  });

  it("reads a text key stored as a plain string or as html_content", async () => {
    await db.insert(siteSettings).values([
      { key: "homepage_main_title_line1", value: "Plain title" },
      { key: "confirmation_page_title", value: { html_content: "Object title" } },
    ]);
    forgetCachedSettings();
    const settings = await getSiteSettings(["homepageMainTitleLine1", "confirmationPageTitle"]);
    expect(settings).toEqual({ homepageMainTitleLine1: "Plain title", confirmationPageTitle: "Object title" });
  });
});
