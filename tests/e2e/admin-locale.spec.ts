// Every admin screen for an admin whose browser is in another time zone and locale
// than the server (Asia/Tokyo, de-DE): each screen shows its heading, and the browser
// reports no console error or page error — a hydration mismatch (React #418) from
// formatting dates or numbers in the browser's zone or locale counts as one.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { ADMIN_SECTIONS } from "../../app/lib/admin/navigation";
import { h1Text, newPage, signIn, waitForHydration, withServerAndBrowser } from "./fixtures";

describe("admin screens in Asia/Tokyo, de-DE", () => {
  const e2e = withServerAndBrowser();
  let admin: Page;

  before(async () => {
    admin = await newPage(e2e.browser, { timezoneId: "Asia/Tokyo", locale: "de-DE" });
    await signIn(admin, e2e.server.origin, "admin@example.com");
  });

  it("the browser really runs in Asia/Tokyo with de-DE", async () => {
    const { zone, locale } = await admin.evaluate(() => ({
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      locale: navigator.language,
    }));
    assert.equal(zone, "Asia/Tokyo");
    assert.equal(locale, "de-DE");
  });

  for (const { path, label } of ADMIN_SECTIONS) {
    it(`/admin/${path} shows its heading and hydrates without errors`, async () => {
      const response = await admin.goto(`${e2e.server.origin}/admin/${path}`);
      assert.equal(response?.status(), 200, `/admin/${path} answered ${response?.status()}`);
      assert.equal(new URL(admin.url()).pathname, `/admin/${path}`);
      await admin.locator("h1").first().waitFor({ state: "visible" });
      const heading = await h1Text(admin);
      assert.ok(heading.includes(label), `h1 "${heading}" names the screen "${label}"`);
      // The console and page errors are checked after each test (fixtures.ts).
      await waitForHydration(admin);
    });
  }
});
