// The back office (issues 5 and 6), driven as an admin in Chromium.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { closePage, latestMailTo, launchBrowser, newPage, signIn, startServer, waitForHeading, type TestServer } from "./fixtures";

let server: TestServer;
let browser: Browser;
let admin: Page;

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await newPage(browser);
  await signIn(admin, server.origin, "admin@example.com");
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const go = (path: string) => admin.goto(`${server.origin}${path}`);

describe("products", () => {
  it("validates, adds with an uploaded image, edits and deletes a product", async () => {
    await go("/admin/products");
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
    const imageUrl = await admin.getByLabel("Image URL (optional)").inputValue();
    assert.match(imageUrl, /^\/uploads\/product_images\/\d+_moon_boots\.png$/);
    const image = await fetch(`${server.origin}${imageUrl}`);
    assert.equal(image.headers.get("content-type"), "image/png");
    assert.equal(image.headers.get("cache-control"), "public, max-age=3600");

    await admin.getByRole("button", { name: "Add Product" }).click();
    await admin.getByText("Product Added!").waitFor();
    const card = admin.getByTestId("admin-product").filter({ hasText: "Moon Boots" });
    await card.getByText("$39.50").waitFor();

    const home = await (await fetch(`${server.origin}/`)).text();
    assert.ok(home.includes("Moon Boots"), "the newest product is featured on the home page");

    await card.getByRole("link", { name: "Edit Moon Boots" }).click();
    await admin.getByRole("heading", { name: "Edit Product" }).waitFor();
    await admin.getByLabel("Name").fill("Moon Boots Deluxe");
    await admin.getByRole("button", { name: "Update Product" }).click();
    await admin.getByText("Product Updated!").waitFor();
    await admin.getByRole("heading", { name: "Add New Product" }).waitFor();

    const updated = admin.getByTestId("admin-product").filter({ hasText: "Moon Boots Deluxe" });
    await updated.getByRole("button", { name: "Delete" }).click();
    await admin.getByRole("alertdialog").getByText("Confirm Deletion").waitFor();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await admin.getByText("Product Deleted!").waitFor();
    await admin.getByTestId("admin-product").filter({ hasText: "Moon Boots" }).waitFor({ state: "detached" });
  });

  it("refuses a file that is not an image, whatever its name", async () => {
    await go("/admin/products");
    await admin.getByLabel("Or upload an image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script>") });
    await admin.getByRole("button", { name: "Upload", exact: true }).click();
    await admin.getByText("Upload Failed").waitFor();
  });
});

describe("settings", () => {
  it("recolours the admin page while picking and every open page after saving", async () => {
    const visitor = await newPage(browser);
    await visitor.goto(`${server.origin}/rewards`);
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
    await admin.waitForFunction(() => (document.getElementById("primaryBrandColor") as HTMLInputElement).value === "#F8A719");
    await closePage(visitor);
  });

  it("turns social share settings into Open Graph tags on public pages", async () => {
    await go("/admin/social-share");
    await admin.getByLabel("Share title").fill("Crew Launch Party");
    await admin.getByLabel("Share description").fill("Join the crew before launch day.");
    await admin.getByLabel("Share image URL").fill("/uploads/social_sharing_images/party.png");
    await admin.getByRole("button", { name: "Save Social Settings" }).click();
    await admin.getByText("Social sharing settings saved.").waitFor();
    const html = await (await fetch(`${server.origin}/faq`)).text();
    assert.ok(html.includes('<meta property="og:title" content="Crew Launch Party"/>'));
    assert.ok(html.includes('<meta property="og:description" content="Join the crew before launch day."/>'));
    assert.ok(html.includes(`<meta property="og:image" content="${server.origin}/uploads/social_sharing_images/party.png"/>`));
    assert.ok(html.includes(`<meta property="og:url" content="${server.origin}/faq"/>`));
  });
});

describe("content", () => {
  it("saves home page text with history and reverts a version into the editor", async () => {
    await go("/admin/text-editor");
    await admin.getByText("Loading editor...").first().waitFor({ state: "detached" });
    await admin.getByLabel("Main Title Line 1").fill("Ahoy, explorers!");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText("Content Saved!").waitFor();
    const home = await (await fetch(`${server.origin}/`)).text();
    assert.ok(home.includes("Ahoy, explorers!"), "the home hero shows the saved title");

    await admin.getByLabel("Main Title Line 1").fill("Second draft");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText("Content Saved!").first().waitFor();
    await admin.getByRole("button", { name: "History" }).first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Version 2").waitFor();
    await dialog.getByText("Version 1").waitFor();
    await dialog.getByRole("button", { name: "Revert to this version" }).last().click();
    assert.equal(await admin.getByLabel("Main Title Line 1").inputValue(), "Ahoy, explorers!");
    const stillSaved = await (await fetch(`${server.origin}/`)).text();
    assert.ok(stillSaved.includes("Second draft"), "reverting changes only the editor until saved");
  });

  it("sends the welcome template to the admin as a test", async () => {
    await go("/admin/welcome-email-editor");
    await admin.getByText("Loading editor...").waitFor({ state: "detached" });
    await admin.getByRole("button", { name: "Send test to me" }).click();
    await admin.getByText("Test Sent!").waitFor();
    const message = await latestMailTo(server.origin, "admin@example.com", /\?ref=/);
    assert.match(message.subject, /^\[Test\]/);
    assert.ok(message.link);
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
    const board = await (await fetch(`${server.origin}/leaderboard`)).text();
    assert.ok(!board.includes("comet.kid"), "blocked members leave the public leaderboard");

    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV" }).click()]);
    assert.equal(download.suggestedFilename(), "waitlist_users.csv");

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
    await go("/admin/reports-analytics");
    assert.equal(await waitForHeading(admin, "Reports & Analytics"), "Reports & Analytics");
    assert.equal(await admin.getByTestId("stat-Total Waitlist Users").textContent(), "6");
    assert.equal(await admin.getByTestId("confirmation-rate").textContent(), "50.0%");
    await admin.locator(".recharts-surface").first().waitFor();
  });
});
