// Accessibility: axe-core (the engine behind Lighthouse's accessibility audits) checks
// every public page, the join and consent steps, a member's own pages and the back office's
// main screens in Chromium, after hydration, against WCAG 2.1 A and AA. Any violation
// fails, naming the rule and the elements.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowPageError, answerAgeQuestion, closePage, joinWaitlist, latestMailTo, newPage, signIn, unique, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();
const AXE_SOURCE: string = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** The WCAG 2.1 A/AA violations axe finds on the page as it is now. */
async function violationsOn(page: Page): Promise<string[]> {
  // Pages that ship no script (ADR 0024) have nothing to hydrate.
  if ((await page.locator("script[type=module]").count()) > 0) await waitForHydration(page);
  // Colours are read as shown: a toast still fading in would report a contrast it never settles at.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  // Evaluated by the browser tool, not as a page script: the page's CSP allows no inline script.
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })
      .then((result) => result.violations),
  )) as Violation[];
  return violations.map((violation) => `${new URL(page.url()).pathname}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join(", ")}`);
}

async function check(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`${e2e.server.origin}${path}`);
    found.push(...(await violationsOn(page)));
  }
  return found;
}

// The public pages and the pages a link in an e-mail opens (a broken link's, here).
const PUBLIC_PAGES = [
  "/",
  "/trailer",
  "/join-waitlist",
  "/leaderboard",
  "/leaderboard?view=all-time",
  "/rewards",
  "/hall-of-fame",
  "/faq",
  "/contact",
  "/start",
  "/terms",
  "/privacy",
  "/login",
  "/parent-consent",
  "/parent-consent/answer?token=broken",
  "/claim-prize?token=broken",
  "/confirm-address?token=broken",
  "/unsubscribe?token=broken",
  "/delete-my-data?token=broken",
  "/no-such-page",
];

describe("accessibility (axe, WCAG 2.1 AA)", () => {
  it("finds nothing on the public pages and the pages a link in an e-mail opens", async () => {
    const page = await newPage(e2e.browser);
    // A broken link's page answers 404 (400 for an unsubscribe token), which the browser logs.
    allowPageError(page, /status of (404 \(Not Found\)|400 \(Bad Request\))/);
    try {
      // Spanish last: `?lang=es` keeps this browser in Spanish from here on (issue 31).
      const found = await check(page, [...PUBLIC_PAGES, "/?lang=es", ...PUBLIC_PAGES.filter((path) => path !== "/")]);
      assert.deepEqual(found, []);
    } finally {
      await closePage(page);
    }
  });

  it("finds nothing on the join and consent steps, a member's pages and the back office", async () => {
    const visitor = await newPage(e2e.browser);
    const child = await newPage(e2e.browser);
    const admin = await newPage(e2e.browser);
    try {
      const found: string[] = [];
      const email = `axe.${unique()}@example.com`;
      await visitor.goto(`${e2e.server.origin}/join-waitlist`);
      await joinWaitlist(visitor, email);
      await waitForHeading(visitor, "You're In!");
      found.push(...(await violationsOn(visitor)));
      // The form's own error state.
      await visitor.goto(`${e2e.server.origin}/join-waitlist`);
      await answerAgeQuestion(visitor, { month: "April", year: "1990" });
      await visitor.getByLabel("Your e-mail address").fill("not-an-address");
      await visitor.getByRole("button", { name: "Join the Crew" }).click();
      // The toast comes once the lazily loaded form rules have run: scanned before it shows, it
      // could appear mid-scan, still fading in.
      await visitor.getByText("Invalid Email").waitFor();
      found.push(...(await violationsOn(visitor)));

      await child.goto(`${e2e.server.origin}/join-waitlist`);
      await child.getByLabel("Your e-mail address").fill(`kid.${unique()}@example.com`);
      await answerAgeQuestion(child, { month: "June", year: String(new Date().getUTCFullYear() - 9) });
      await child.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(child, "Ask a parent or guardian");
      found.push(...(await violationsOn(child)));
      // The parent's answer page, and their dashboard with "My family" (ADR 0067).
      const parentEmail = `axe.parent.${unique()}@example.com`;
      await child.getByLabel("Parent's or guardian's e-mail address").fill(parentEmail);
      await child.getByRole("button", { name: "Send to my parent or guardian" }).click();
      await waitForHeading(child, "We've asked your parent or guardian");
      await child.goto((await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/answer\?token=/)).link!);
      found.push(...(await violationsOn(child)));
      await child.getByRole("group", { name: "Show on the public leaderboard" }).getByRole("radio", { name: "No" }).check();
      await child.getByRole("button", { name: "Yes, they may join" }).click();
      await waitForHeading(child, "Thank you: your child is in the crew!");
      await signIn(child, e2e.server.origin, parentEmail);
      await child.goto(`${e2e.server.origin}/dashboard`);
      await child.getByRole("region", { name: "My family" }).waitFor();
      found.push(...(await violationsOn(child)));

      await signIn(visitor, e2e.server.origin, email);
      found.push(...(await check(visitor, ["/dashboard", "/account/address"])));

      await signIn(admin, e2e.server.origin, "admin@example.com");
      const sections = ["overview", "products", "video-manager", "social-share", "waitlist-emails", "referral-leaderboard", "seasons", "text-editor", "welcome-email-editor", "reports-analytics", "settings", "team", "developers", "audit-log"];
      found.push(...(await check(admin, sections.map((section) => `/admin/${section}`))));
      assert.deepEqual(found, []);
    } finally {
      await closePage(visitor);
      await closePage(child);
      await closePage(admin);
    }
  });
});
