// Sign-in with magic links from the dev mailbox, the member/admin guards and
// signing out (spec §4 Authentication), the way a person does it in a browser.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  allowFailedResponse,
  botGuardChecks,
  closePage,
  waitForHeading,
  latestMailTo,
  newestMailId,
  newPage,
  requestMagicLink,
  signIn,
  waitForHydration,
  withServerAndBrowser,
} from "./fixtures";

const ADMIN_EMAIL = "admin@example.com";
const LINK_FAILED_TEXT = "That sign-in link is invalid, has expired or was already used.";

function crewEmail(): string {
  return `crew-${randomBytes(4).toString("hex")}@example.com`;
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

async function menuLabels(page: Page): Promise<string[]> {
  const entries = await page.getByRole("navigation", { name: "Main" }).locator("a, button").allTextContents();
  return entries.map((text) => text.trim());
}

describe("authentication", () => {
  const e2e = withServerAndBrowser();

  it("a new address requests a link on /login, opens it from the dev mailbox and lands on /dashboard signed in", async () => {
    const email = crewEmail();
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/login`);
      assert.equal(await waitForHeading(page, "Crew Login"), "Crew Login");
      const before = await newestMailId(e2e.server.origin);
      await requestMagicLink(page, email);
      assert.match((await page.getByRole("status").filter({ hasText: "Check your inbox!" }).textContent()) ?? "", new RegExp(`We sent a sign-in link to ${email.replace(/[.]/g, "\\.")}`));

      const message = await latestMailTo(e2e.server.origin, email, /\/api\/auth\/magic-link\/verify\?token=/, { newerThan: before });
      assert.match(message.subject, /sign-in link/i);
      assert.ok(message.link, `magic link in the e-mail (links: ${message.links.join(", ")})`);
      assert.ok(message.link.startsWith(`${e2e.server.origin}/`), `link uses PUBLIC_ORIGIN: ${message.link}`);

      await page.goto(message.link);
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      assert.equal(await waitForHeading(page, "My Dashboard"), "My Dashboard");
      await page.getByText(`Signed in as ${email}`).waitFor();
      await page.getByText("Signed In!").waitFor();

      const labels = await menuLabels(page);
      assert.ok(labels.includes("My Dashboard"), `menu: ${labels.join(", ")}`);
      assert.ok(labels.includes("Logout"), `menu: ${labels.join(", ")}`);
      assert.ok(!labels.includes("Login"), `menu: ${labels.join(", ")}`);
      assert.ok(!labels.includes("Admin Panel"), `a member sees no Admin Panel: ${labels.join(", ")}`);
      assert.equal(labels.at(-1), "Logout");

      // /login sends a signed-in visitor on to the dashboard.
      await page.goto(`${e2e.server.origin}/login`);
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
    } finally {
      await closePage(page);
    }
  });

  it("the sign-in form passes the bot check unseen with JavaScript, and still sends a link without it", async () => {
    const solvedBefore = await botGuardChecks(e2e.server.origin, "sign-in", "solved");
    const withoutJsBefore = await botGuardChecks(e2e.server.origin, "sign-in", "no_js");
    const page = await newPage(e2e.browser);
    const plain = await newPage(e2e.browser, { javaScriptEnabled: false });
    try {
      await page.goto(`${e2e.server.origin}/login`);
      await waitForHydration(page);
      await requestMagicLink(page, crewEmail());
      const solvedAfter = await botGuardChecks(e2e.server.origin, "sign-in", "solved");
      // On a mismatch, say what the server counted instead (no_js, expired, reused…).
      const counted = async () => (await (await fetch(`${e2e.server.origin}/metrics`)).text()).split("\n").filter((line) => line.startsWith('launchcrew_bot_guard_checks_total{form="sign-in"'));
      assert.equal(solvedAfter, solvedBefore + 1, `the request carried a solved challenge; the server counted: ${(await counted()).join("; ")}`);

      await plain.goto(`${e2e.server.origin}/login`);
      await requestMagicLink(plain, crewEmail());
      assert.equal(await botGuardChecks(e2e.server.origin, "sign-in", "no_js"), withoutJsBefore + 1, "counted against the no-JavaScript limit");
      assert.equal(await botGuardChecks(e2e.server.origin, "sign-in", "solved"), solvedBefore + 1);
    } finally {
      await closePage(page);
      await closePage(plain);
    }
  });

  it("a solve cut short by a second one still sends the sign-in with a solved challenge", async () => {
    const solvedBefore = await botGuardChecks(e2e.server.origin, "sign-in", "solved");
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/login`);
      await waitForHydration(page);
      await page.waitForFunction(() => typeof (document.querySelector("altcha-widget") as { getState?: unknown } | null)?.getState === "function");
      // Two solves at once, as a focus and a submit can start them: the first one fails when the second begins.
      await page.evaluate(() => {
        const widget = document.querySelector("altcha-widget") as unknown as { verify: () => Promise<unknown> };
        void widget.verify();
        void widget.verify();
      });
      await requestMagicLink(page, crewEmail());
      assert.equal(await botGuardChecks(e2e.server.origin, "sign-in", "solved"), solvedBefore + 1);
    } finally {
      await closePage(page);
    }
  });

  it("a magic link works once: opening it again does not sign in and /login explains why", async () => {
    const email = crewEmail();
    const first = await newPage(e2e.browser);
    const second = await newPage(e2e.browser);
    try {
      const link = await signIn(first, e2e.server.origin, email);
      await first.waitForURL(`${e2e.server.origin}/dashboard`);

      await second.goto(link);
      await second.waitForURL((url) => url.pathname === "/login");
      assert.ok(new URL(second.url()).searchParams.has("error"), `error parameter in ${second.url()}`);
      await second.getByRole("alert").filter({ hasText: LINK_FAILED_TEXT }).waitFor();
      assert.equal(await waitForHeading(second, "Crew Login"), "Crew Login");

      // Still anonymous: the dashboard guard sends the visitor to the waitlist.
      await second.goto(`${e2e.server.origin}/dashboard`);
      assert.equal(pathOf(second), "/join-waitlist");
    } finally {
      await closePage(first);
      await closePage(second);
    }
  });

  it("the admin sees Admin Panel in the menu and reaches /admin/overview", async () => {
    const page = await newPage(e2e.browser);
    try {
      await signIn(page, e2e.server.origin, ADMIN_EMAIL);
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      const labels = await menuLabels(page);
      assert.deepEqual(labels.slice(-3), ["My Dashboard", "Admin Panel", "Logout"]);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Panel" }).click();
      await page.waitForURL(`${e2e.server.origin}/admin/overview`);
      await page.getByTestId("admin-email").filter({ hasText: ADMIN_EMAIL }).waitFor();
      assert.equal(await page.locator("header").count(), 0, "the admin area has no site header");
      assert.equal(await page.locator("footer").count(), 0, "the admin area has no site footer");

      await page.goto(`${e2e.server.origin}/admin`);
      await page.waitForURL(`${e2e.server.origin}/admin/overview`);
    } finally {
      await closePage(page);
    }
  });

  it("a signed-in member who is not an admin is sent from /admin to /unauthorized", async () => {
    const page = await newPage(e2e.browser);
    try {
      await signIn(page, e2e.server.origin, crewEmail());
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      allowFailedResponse(page, 403, "/unauthorized");
      const response = await page.goto(`${e2e.server.origin}/admin`);
      assert.equal(pathOf(page), "/unauthorized");
      assert.equal(response?.status(), 403, "the Woah Buddy! page answers 403 Forbidden");
      await page.goto(`${e2e.server.origin}/admin/overview`);
      assert.equal(pathOf(page), "/unauthorized");
      assert.equal(await waitForHeading(page, "Woah Buddy!"), "Woah Buddy!");
    } finally {
      await closePage(page);
    }
  });

  it("an anonymous visitor is sent from /admin to /login and lands back on /admin/overview after signing in", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/admin`);
      const url = new URL(page.url());
      assert.equal(url.pathname, "/login");
      assert.equal(url.searchParams.get("redirectTo"), "/admin");
      assert.equal(await waitForHeading(page, "Crew Login"), "Crew Login");

      await signIn(page, e2e.server.origin, ADMIN_EMAIL, { alreadyOnLogin: true });
      await page.waitForURL(`${e2e.server.origin}/admin/overview`);
      await page.getByTestId("admin-email").filter({ hasText: ADMIN_EMAIL }).waitFor();
    } finally {
      await closePage(page);
    }
  });

  it("an anonymous visitor is sent from /dashboard to /join-waitlist", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/dashboard`);
      assert.equal(pathOf(page), "/join-waitlist");
      assert.equal(await waitForHeading(page, "Join the Waitlist"), "Join the Waitlist");
    } finally {
      await closePage(page);
    }
  });

  it("Sign Out on /dashboard ends the session and lands on /login", async () => {
    const page = await newPage(e2e.browser);
    try {
      await signIn(page, e2e.server.origin, crewEmail());
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      await page.getByRole("button", { name: "Sign Out" }).click();
      await page.waitForURL(`${e2e.server.origin}/login`);
      await page.getByText("You have been successfully signed out.").waitFor();

      await page.goto(`${e2e.server.origin}/dashboard`);
      assert.equal(pathOf(page), "/join-waitlist");
    } finally {
      await closePage(page);
    }
  });

  it("Logout in the header menu from /dashboard lands on /login, and from other pages on home", async () => {
    const page = await newPage(e2e.browser);
    try {
      await signIn(page, e2e.server.origin, crewEmail());
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${e2e.server.origin}/login`);
      assert.equal(await waitForHeading(page, "Crew Login"), "Crew Login");

      await signIn(page, e2e.server.origin, crewEmail());
      await page.waitForURL(`${e2e.server.origin}/dashboard`);
      await page.goto(`${e2e.server.origin}/trailer`);
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${e2e.server.origin}/`);
      await page.goto(`${e2e.server.origin}/trailer`);
      assert.ok((await menuLabels(page)).includes("Login"), "signed out: the menu offers Login again");
    } finally {
      await closePage(page);
    }
  });
});
