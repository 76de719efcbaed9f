// The back-office spine: drafts survive background requests (the activity ping after
// a minute, "Send test to me"), a save stores exactly the draft, and a save that cannot
// reach the server shows the failure toast and keeps the edits.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  allowPageError,
  closePage,
  latestMailTo,
  newPage,
  newestMailId,
  signIn,
  waitForHydration,
  withServerAndBrowser,
} from "./fixtures";

const e2e = withServerAndBrowser();
let admin: Page;

before(async () => {
  await e2e.ready();
  admin = await newPage(e2e.browser);
  await admin.clock.install();
  await signIn(admin, e2e.server.origin, "admin@example.com");
});

after(async () => {
  if (admin) await closePage(admin);
});

/** Opens an admin screen once it has hydrated: before that no idle timer listens, so no activity ping would go out. */
const go = async (path: string) => {
  await admin.goto(`${e2e.server.origin}${path}`);
  await waitForHydration(admin);
};

/** A minute passes with the admin active: the session-activity ping goes out and is answered. */
async function idleMinuteThenActivity(page: Page) {
  await page.clock.fastForward(65_000);
  const ping = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/session/activity"));
  await page.mouse.move(50 + Math.random() * 100, 50 + Math.random() * 100);
  await page.mouse.move(200, 220);
  await ping;
}

describe("admin drafts", () => {
  it("keeps a Main Title Line 1 draft past the activity ping, and Save stores it", async () => {
    await go("/admin/text-editor");
    const title = admin.getByLabel("Main Title Line 1", { exact: true });
    await title.fill("Draft title that must survive");
    await idleMinuteThenActivity(admin);
    assert.equal(await title.inputValue(), "Draft title that must survive");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText("Content Saved!").waitFor();
    const home = await (await fetch(`${e2e.server.origin}/`)).text();
    assert.match(home, /Draft title that must survive/);
  });

  it("keeps a welcome e-mail draft through the ping and Send test, and Save stores the draft", async () => {
    await go("/admin/welcome-email-editor");
    const editor = admin.getByRole("textbox", { name: "Welcome e-mail template" });
    await editor.click();
    await admin.keyboard.press("Control+End");
    await admin.keyboard.type(" Draft paragraph for the test.");
    await idleMinuteThenActivity(admin);
    const before = await newestMailId(e2e.server.origin);
    await admin.getByRole("button", { name: "Send test to me" }).click();
    await admin.getByText("Test Sent!").waitFor();
    const mail = await latestMailTo(e2e.server.origin, "admin@example.com", /./, { newerThan: before });
    assert.match(mail.html, /Draft paragraph for the test\./);
    assert.match(await editor.innerText(), /Draft paragraph for the test\./);

    await admin.getByRole("button", { name: "Save Template" }).click();
    await admin.getByText("Template Updated!").waitFor();
    await admin.reload();
    await admin.getByRole("textbox", { name: "Welcome e-mail template" }).getByText(/Draft paragraph for the test\./).waitFor();
  });

  it("keeps settings, video and social drafts past the ping, and saves them", async () => {
    await go("/admin/settings");
    await admin.getByLabel("Session Timeout (minutes)").fill("45");
    await idleMinuteThenActivity(admin);
    assert.equal(await admin.getByLabel("Session Timeout (minutes)").inputValue(), "45");
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
    await admin.reload();
    assert.equal(await admin.getByLabel("Session Timeout (minutes)").inputValue(), "45");

    await go("/admin/video-manager");
    await admin.getByLabel("Video URL").fill("https://www.youtube.com/watch?v=draft12345a");
    await idleMinuteThenActivity(admin);
    assert.equal(await admin.getByLabel("Video URL").inputValue(), "https://www.youtube.com/watch?v=draft12345a");
    await admin.getByRole("button", { name: "Save Video Settings" }).click();
    await admin.getByText("Settings Updated!").first().waitFor();
    await admin.reload();
    assert.equal(await admin.getByLabel("Video URL").inputValue(), "https://www.youtube.com/watch?v=draft12345a");

    await go("/admin/social-share");
    await admin.getByLabel("Share title").fill("Draft share title");
    await idleMinuteThenActivity(admin);
    assert.equal(await admin.getByLabel("Share title").inputValue(), "Draft share title");
    await admin.getByRole("button", { name: "Save Social Settings" }).click();
    await admin.getByText("Social sharing settings saved.").waitFor();
    await admin.reload();
    assert.equal(await admin.getByLabel("Share title").inputValue(), "Draft share title");
  });

  it("shows the spec's failure toast and keeps the edits when the server cannot be reached", async () => {
    await go("/admin/social-share");
    await admin.getByLabel("Share title").fill("Offline draft");
    // Chromium logs each request that fails while offline; those are the point of this test.
    const stopAllowing = allowPageError(admin, /^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    await admin.context().setOffline(true);
    try {
      await admin.getByRole("button", { name: "Save Social Settings" }).click();
      await admin.getByText("Update Failed").waitFor();
      await admin.getByText(/Could not save social sharing settings\. The server could not be reached/).waitFor();
      assert.equal(await admin.getByLabel("Share title").inputValue(), "Offline draft");
      assert.equal(await admin.locator("h1").first().textContent(), "Social Share Settings");
    } finally {
      await admin.context().setOffline(false);
      stopAllowing();
    }
    await admin.getByRole("button", { name: "Save Social Settings" }).click();
    await admin.getByText("Social sharing settings saved.").waitFor();
  });

  it("puts the saved brand colour back when the admin leaves Settings without saving a pick", async () => {
    await go("/admin/settings");
    const brand = () => admin.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim().toUpperCase());
    const saved = await brand();
    await admin.getByLabel("Primary brand color", { exact: true }).fill("#123456");
    assert.equal(await brand(), "#123456", "the pick recolours the page before saving");
    await admin.getByRole("link", { name: "Overview" }).click();
    await admin.getByRole("heading", { name: "Admin Overview" }).waitFor();
    assert.equal(await brand(), saved);
  });

  it("shows field errors from the shared schema before anything is sent", async () => {
    await go("/admin/settings");
    let posted = 0;
    admin.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin/settings")) posted++;
    });
    await admin.getByLabel("Session Timeout (minutes)").fill("9999999999");
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("The session timeout can be at most 10080 minutes (one week).").first().waitFor();
    assert.equal(posted, 0);
  });
});
