// The back office (issues 5 and 6), driven as an admin in Chromium.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, allowPageError, closePage, latestMailTo, newPage, signIn, waitForHeading, waitForHydrated, waitForHydration, withServerAndBrowser, answerAgeQuestion } from "./fixtures";

const e2e = withServerAndBrowser();
let admin: Page;

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

before(async () => {
  await e2e.ready();
  admin = await newPage(e2e.browser);
  await signIn(admin, e2e.server.origin, "admin@example.com");
});

// Each screen is driven as a person does: once it has hydrated (a color picked before
// then recolours nothing, an upload button does nothing).
async function go(path: string) {
  await admin.goto(`${e2e.server.origin}${path}`);
  await waitForHydration(admin);
}

describe("products", () => {
  it("validates, adds with an uploaded image, edits and deletes a product", async (t) => {
    await go("/admin/products");
    // Each refused submission answers 400 with its field errors.
    t.after(allowFailedResponse(admin, 400, "/admin/products.data"));
    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Product name is required").first().waitFor();

    await admin.getByLabel("Name").fill("Moon Boots");
    await admin.getByLabel("Price ($)").fill("-3");
    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Price must be positive").first().waitFor();

    await admin.getByLabel("Price ($)").fill("39.5");
    await admin.getByLabel("Purchase link (optional)").fill("shop.example.com/boots");
    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Enter a valid URL").first().waitFor();
    await admin.getByLabel("Purchase link (optional)").fill("https://shop.example.com/boots");

    await admin.getByLabel("Or upload an image").setInputFiles({ name: "moon boots.png", mimeType: "image/png", buffer: PNG });
    await admin.getByRole("button", { name: "Upload", exact: true }).click();
    await admin.getByText("Upload Successful!").waitFor();
    assert.equal(await admin.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow"), "100");
    const imageUrl = await admin.getByLabel("Image URL (optional)").inputValue();
    assert.match(imageUrl, /^\/uploads\/product_images\/\d+_moon_boots\.png$/);
    const image = await fetch(`${e2e.server.origin}${imageUrl}`);
    assert.equal(image.headers.get("content-type"), "image/png");
    assert.equal(image.headers.get("cache-control"), "public, max-age=3600");

    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Product Added!").waitFor();
    const card = admin.getByTestId("admin-product").filter({ hasText: "Moon Boots" });
    await card.getByText("$39.50").waitFor();

    const home = await (await fetch(`${e2e.server.origin}/`)).text();
    assert.ok(home.includes("Moon Boots"), "the newest product is featured on the home page");
    const visitor = await newPage(e2e.browser);
    await visitor.goto(`${e2e.server.origin}/`);
    await visitor.getByRole("link", { name: "View details of Moon Boots" }).click();
    assert.equal(await waitForHeading(visitor, "Moon Boots"), "Moon Boots");
    assert.match(visitor.url(), /\/products\/[0-9a-f-]{36}$/);
    await visitor.getByText("$39.50").waitFor();
    assert.equal(await visitor.getByRole("link", { name: "Order Now" }).getAttribute("href"), "https://shop.example.com/boots");
    assert.equal(await visitor.getByRole("img", { name: "Moon Boots" }).getAttribute("src"), imageUrl);
    await closePage(visitor);

    // The edit on a slow device (CPU 10× slower): the save's answer and the page's fresh
    // data can land in one render, which re-keys the form; the toast and the way back to
    // "add" must not depend on React committing the render in between.
    const cpu = await admin.context().newCDPSession(admin);
    await cpu.send("Emulation.setCPUThrottlingRate", { rate: 10 });
    try {
      await card.getByRole("link", { name: "Edit Moon Boots" }).click();
      await admin.getByRole("heading", { name: "Edit Product" }).waitFor();
      await admin.getByLabel("Name").fill("Moon Boots Deluxe");
      await admin.getByRole("button", { name: "Update Product" }).click();
      await admin.getByText("Product Updated!").waitFor();
      await admin.getByRole("heading", { name: "Add New Product" }).waitFor();
    } finally {
      await cpu.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cpu.detach();
    }

    const updated = admin.getByTestId("admin-product").filter({ hasText: "Moon Boots Deluxe" });
    await updated.getByRole("button", { name: "Delete" }).click();
    await admin.getByRole("alertdialog").getByText("Confirm Deletion").waitFor();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await admin.getByText("Product Deleted!").waitFor();
    await admin.getByTestId("admin-product").filter({ hasText: "Moon Boots" }).waitFor({ state: "detached" });
  });

  it("refuses a file that is not an image, whatever its name", async (t) => {
    await go("/admin/products");
    t.after(allowFailedResponse(admin, 400, "/api/uploads"));
    await admin.getByLabel("Or upload an image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script>") });
    await admin.getByRole("button", { name: "Upload", exact: true }).click();
    await admin.getByText("Upload Failed").waitFor();
  });
});

describe("settings", () => {
  it("recolours the admin page while picking and every open page after saving", async () => {
    const visitor = await newPage(e2e.browser);
    // An open page that hydrates (pages without scripts, ADR 0024, are current when loaded).
    await visitor.goto(`${e2e.server.origin}/trailer`);
    await go("/admin/settings");
    await admin.getByLabel("Primary brand color", { exact: true }).fill("#1D9A6C");
    const brand = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim().toUpperCase());
    assert.equal(await brand(admin), "#1D9A6C");
    assert.notEqual(await brand(visitor), "#1D9A6C", "nothing changes for visitors before saving");
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
    await visitor.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim().toUpperCase() === "#1D9A6C");
    await admin.getByLabel("Primary brand color", { exact: true }).fill("");
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="primaryBrandColor"]')?.value === "#F8A719");
    await closePage(visitor);
  });

  it("shows the stored 30 minutes in an emptied Session Timeout box once saved", async () => {
    await go("/admin/settings");
    const timeout = admin.getByLabel("Session Timeout (minutes)");
    // A save is done when the page has read the saved values again and the form is enabled.
    const saveAndWait = async () => {
      const revalidated = admin.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname === "/admin/settings.data");
      await admin.getByRole("button", { name: "Save All Settings" }).click();
      await revalidated;
      await admin.waitForFunction(() => !document.querySelector("fieldset[disabled]"));
    };
    // Spec §5: an empty timeout is saved as 30. Once from another value, once from 30 itself
    // (then the saved values, and so the form's version, do not change).
    for (const before of ["45", "30"]) {
      await timeout.fill(before);
      await saveAndWait();
      assert.equal(await timeout.inputValue(), before);
      await timeout.fill("");
      await saveAndWait();
      await admin.getByText("Settings Updated!").first().waitFor();
      await admin
        .waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="sessionTimeoutMinutes"]')?.value === "30", undefined, { timeout: 3_000 })
        .catch(() => undefined);
      assert.equal(await timeout.inputValue(), "30", `the box shows the stored value after emptying it (it held ${before})`);
    }
  });

  it("turns social share settings into Open Graph tags on public pages", async () => {
    await go("/admin/social-share");
    // The share image URL names no uploaded file: the screen's preview of it answers 404, now
    // and whenever the preview is drawn again (after the save re-keys the form), so the
    // allowance for this one path lasts as long as the admin page.
    allowFailedResponse(admin, 404, "/uploads/social_sharing_images/party.png");
    await admin.getByLabel("Share title").fill("Crew Launch Party");
    await admin.getByLabel("Share description").fill("Join the crew before launch day.");
    await admin.getByLabel("Share image URL").fill("/uploads/social_sharing_images/party.png");
    // Let the preview's 404 happen inside this test (its allowance ends with the test).
    await admin.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Share image preview"]')?.complete === true);
    await admin.getByRole("button", { name: "Save Social Settings" }).click();
    await admin.getByText("Social sharing settings saved.").waitFor();
    const html = await (await fetch(`${e2e.server.origin}/faq`)).text();
    assert.ok(html.includes('<meta property="og:title" content="Crew Launch Party"/>'));
    assert.ok(html.includes('<meta property="og:description" content="Join the crew before launch day."/>'));
    assert.ok(html.includes(`<meta property="og:image" content="${e2e.server.origin}/uploads/social_sharing_images/party.png"/>`));
    assert.ok(html.includes(`<meta property="og:url" content="${e2e.server.origin}/faq"/>`));
  });
});

describe("video and logo", () => {
  it("plays a YouTube URL from Video Management through the privacy-friendly embed on /", async () => {
    await go("/admin/video-manager");
    await admin.getByLabel("Video URL").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await admin.getByRole("button", { name: "Save Video Settings" }).click();
    await admin.getByText("Video settings have been saved successfully.").waitFor();
    const visitor = await newPage(e2e.browser);
    // This machine has no route to YouTube: the embedded player's own requests fail, and may say so.
    allowPageError(visitor, /youtube(-nocookie)?\.com|ytimg\.com/);
    await visitor.goto(`${e2e.server.origin}/`);
    const play = visitor.getByRole("button", { name: /^Play / });
    await waitForHydrated(play);
    await play.click();
    const src = await visitor.locator("iframe").first().getAttribute("src");
    assert.match(src ?? "", /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    await closePage(visitor);
    await go("/admin/video-manager");
    await admin.getByLabel("Video URL").fill("/media/trailer.webm");
    await admin.getByRole("button", { name: "Save Video Settings" }).click();
    await admin.getByText("Video settings have been saved successfully.").waitFor();
  });

  it("swaps the logo on open pages live, and an uploaded SVG never runs its script", async () => {
    const visitor = await newPage(e2e.browser);
    const dialogs: string[] = [];
    visitor.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visitor.goto(`${e2e.server.origin}/trailer`);
    await go("/admin/settings");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert('onload')"><script>alert('script');document.title='pwned'</script><circle cx="20" cy="20" r="18" fill="#0f766e"/></svg>`;
    await admin.getByLabel(/^Upload a logo/).setInputFiles({ name: "crew logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
    await admin.getByRole("button", { name: "Upload", exact: true }).click();
    await admin.getByText("Upload Successful!").waitFor();
    const logoUrl = await admin.getByLabel("Logo URL").inputValue();
    assert.match(logoUrl, /^\/uploads\/public\/site-assets\/\d+_crew_logo\.svg$/);
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
    await visitor.waitForFunction((url) => document.querySelector("header img")?.getAttribute("src") === url, logoUrl);

    // goto resolves on the load event: an onload handler or inline script would have
    // run by then, and an alert blocks the load until the handler above dismisses it.
    await visitor.goto(`${e2e.server.origin}${logoUrl}`);
    assert.deepEqual(dialogs, []);
    assert.notEqual(await visitor.title(), "pwned");
    await closePage(visitor);

    await go("/admin/settings");
    await admin.getByRole("button", { name: "Remove logo" }).click();
    await admin.getByRole("button", { name: "Save All Settings" }).click();
    await admin.getByText("Settings Updated!").waitFor();
  });
});

describe("content", () => {
  it("saves home page text with history and reverts a version into the editor", async () => {
    await go("/admin/text-editor");
    await admin.getByText("Loading editor...").first().waitFor({ state: "detached" });
    await admin.getByLabel("Main Title Line 1").fill("Ahoy, explorers!");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText("Content Saved!").waitFor();
    const home = await (await fetch(`${e2e.server.origin}/`)).text();
    assert.ok(home.includes("Ahoy, explorers!"), "the home hero shows the saved title");

    await admin.getByLabel("Main Title Line 1").fill("Second draft");
    const secondSave = admin.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/text-editor"));
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await secondSave;
    await admin.getByRole("button", { name: "History" }).first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Version 2").waitFor();
    await dialog.getByText("Version 1").waitFor();
    await dialog.getByRole("button", { name: "Revert to this version" }).last().click();
    assert.equal(await admin.getByLabel("Main Title Line 1").inputValue(), "Ahoy, explorers!");
    const stillSaved = await (await fetch(`${e2e.server.origin}/`)).text();
    assert.ok(stillSaved.includes("Second draft"), "reverting changes only the editor until saved");
    // The save re-keys the form with the stored values once the screen's data is read
    // again; typing into the editor before that would go into the editor being replaced.
    const reloaded = admin.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data"));
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await reloaded;
    await admin.waitForFunction(async () => (await (await fetch("/")).text()).includes("Ahoy, explorers!"));
    await admin.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    const subtitle = admin.getByRole("textbox", { name: "Main Subtitle" });
    await subtitle.click();
    await admin.keyboard.press("Control+A");
    await admin.keyboard.type("Launch day is coming ");
    const bold = admin.getByRole("toolbar", { name: "Main Subtitle formatting" }).getByRole("button", { name: "Bold" });
    await bold.click();
    // The button gives the focus back to the editor; a person types after that, so does the test.
    await admin.getByRole("toolbar", { name: "Main Subtitle formatting" }).locator('button[aria-pressed="true"]', { hasText: "" }).first().waitFor();
    await admin.waitForFunction(() => document.activeElement?.closest('[contenteditable="true"]') !== null);
    await admin.keyboard.type("very soon");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText(/Saved Main Subtitle/).waitFor();
    const visitor = await newPage(e2e.browser);
    await visitor.goto(`${e2e.server.origin}/`);
    assert.equal(await visitor.locator("main strong", { hasText: "very soon" }).count(), 1);
    await closePage(visitor);
  });

  it("never runs script saved into rich text, tags or notes", async () => {
    const payload = `<p>Hello <img src="x" onerror="window.__xss=1;alert('img')"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link</a></p>`;
    const saved = await admin.request.post(`${e2e.server.origin}/admin/text-editor`, { form: { confirmationPageMessage: payload } });
    assert.equal(saved.status(), 200);
    await go("/admin/waitlist-emails?q=orbit");
    const row = admin.getByTestId("waitlist-row").filter({ hasText: "orbit.otter@example.com" });
    await row.getByRole("button", { name: "Edit tags of orbit.otter@example.com" }).click();
    await admin.getByLabel("Tags (comma separated)").fill(`<img src=x onerror="alert('tag')">, explorer`);
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await admin.getByText("User Updated").waitFor();
    await row.getByRole("button", { name: "Edit notes of orbit.otter@example.com" }).click();
    await admin.getByRole("textbox", { name: "Notes" }).fill(`<script>alert('note')</script>`);
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await admin.getByText("User Updated").first().waitFor();

    const visitor = await newPage(e2e.browser);
    const dialogs: string[] = [];
    for (const page of [visitor, admin]) {
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }
    await visitor.goto(`${e2e.server.origin}/join-waitlist`);
    await visitor.getByLabel("Your e-mail address").fill(`xss${Date.now()}@example.com`);
    await answerAgeQuestion(visitor);
    await visitor.getByRole("button", { name: "Join the Crew" }).click();
    await waitForHeading(visitor, "You're In!");
    await visitor.getByText("Hello").first().waitFor();
    await go("/admin/waitlist-emails?q=explorer");
    await admin.getByTestId("waitlist-row").getByText(`<img src=x onerror="alert('tag')">, explorer`).waitFor();
    await admin.getByTestId("waitlist-row").getByText(`<script>alert('note')</script>`).waitFor();
    await go("/admin/text-editor");
    await admin.getByRole("textbox", { name: "Message Body" }).waitFor();
    // Every image has loaded or failed (an onerror handler would have run by now).
    for (const page of [visitor, admin]) {
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    }
    assert.deepEqual(dialogs, []);
    for (const page of [visitor, admin]) {
      assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    }
    await closePage(visitor);
  });

  it("sends the welcome template to the admin as a test", async () => {
    await go("/admin/welcome-email-editor");
    await admin.getByText("Loading editor...").waitFor({ state: "detached" });
    const editor = admin.getByRole("textbox", { name: "Welcome e-mail template" });
    await editor.click();
    await admin.keyboard.press("Control+A");
    await admin.keyboard.type("Ahoy {{USER_EMAIL}}! Share {{REFERRAL_LINK}} with your friends.");
    await admin.getByRole("button", { name: "Save Template" }).click();
    await admin.getByText("Template Updated!").waitFor();
    await admin.getByRole("button", { name: "Send test to me" }).click();
    await admin.getByText("Test Sent!").waitFor();
    const message = await latestMailTo(e2e.server.origin, "admin@example.com", /\?ref=/);
    assert.match(message.subject, /^\[Test\]/);
    assert.ok(message.link);
    assert.ok(message.html.includes("Ahoy admin@example.com!"), "{{USER_EMAIL}} is replaced");
    assert.ok(!message.html.includes("{{"), "no placeholder is left");
  });
});

describe("members", () => {
  it("searches, blocks and exports waitlist users; adjusts and resets referral standings with an audit trail", async () => {
    await go("/admin/waitlist-emails");
    await admin.getByLabel("Search e-mail, referral code or tags").fill("COMET");
    await admin.getByRole("button", { name: "Search" }).click();
    await admin.waitForURL(/q=COMET/);
    await admin.waitForFunction(() => document.querySelectorAll("[data-testid=waitlist-row]").length === 1);
    const row = admin.getByTestId("waitlist-row");
    await row.getByText("comet.kid@example.com").waitFor();
    await row.getByRole("button", { name: "Block" }).click();
    await admin.getByText("User Blocked").waitFor();
    await row.getByText("Blocked", { exact: true }).waitFor();
    const board = await (await fetch(`${e2e.server.origin}/leaderboard`)).text();
    assert.ok(!board.includes("comet.kid"), "blocked members leave the public leaderboard");

    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV" }).click()]);
    assert.equal(download.suggestedFilename(), "waitlist_users.csv");
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
    assert.equal(csv[0], "Email,Referral Code,Points,Referrals Made,Confirmed,Blocked,Join Date,Tags,Notes,Consent,E-mails,Language");
    assert.ok(csv.some((line) => line.startsWith("comet.kid@example.com,h1c8wk44o53b,15,0,No,Yes,")), "the blocked member's row");

    await go("/admin/waitlist-emails?q=superfan");
    await admin.getByTestId("waitlist-row").getByText("captain.nova@example.com").waitFor();

    await go("/admin/referral-leaderboard?q=pixel");
    const standing = admin.getByTestId("referral-row").filter({ hasText: "pixel.pilot@example.com" });
    await standing.getByRole("button", { name: "Points" }).click();
    await admin.getByRole("spinbutton", { name: "Points" }).fill("");
    await admin.getByRole("button", { name: "Save Points" }).click();
    await admin.getByText("Please enter a valid number for points.").first().waitFor();
    await admin.getByRole("spinbutton", { name: "Points" }).fill("77");
    await admin.getByRole("button", { name: "Save Points" }).click();
    await admin.getByText("Points Adjusted").waitFor();
    await standing.getByText("77").waitFor();

    await standing.getByRole("button", { name: "Reset" }).click();
    await admin.getByText("Are you sure you want to reset referrals and points for pixel.pilot@example.com? This action is irreversible.").waitFor();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
    await admin.getByText("Referrals Reset").waitFor();

    await standing.getByRole("button", { name: "Details" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("moonbeam.maker@example.com").waitFor();
    await dialog.getByText(/points adjusted: points 25, referralsMade 1 → points 77, referralsMade 1/).waitFor();
    await dialog.getByText(/referrals reset: points 77, referralsMade 1 → points 10, referralsMade 0/).waitFor();
  });

  it("reports real numbers", async () => {
    await go("/admin/waitlist-emails");
    const footer = (await admin.getByText(/^Showing \d+ of \d+ users\./).textContent()) ?? "";
    const total = footer.match(/of (\d+) users/)?.[1];
    await go("/admin/reports-analytics");
    assert.equal(await waitForHeading(admin, "Reports & Analytics"), "Reports & Analytics");
    assert.equal(await admin.getByTestId("stat-Total Waitlist Users").textContent(), total);
    const confirmed = Number(await admin.getByTestId("stat-Confirmed Emails").textContent());
    assert.equal(confirmed, 3, "the three seeded members who confirmed");
    assert.equal(await admin.getByTestId("confirmation-rate").textContent(), `${((confirmed / Number(total)) * 100).toFixed(1)}%`);
    await admin.locator(".recharts-surface").first().waitFor();
    assert.ok((await admin.locator(".recharts-bar-rectangle").count()) > 0, "the charts draw bars from the seeded data");
  });
});
