// Issue 28 (ADR 0041), as a family lives it: a child who gives a recent birth year is asked
// for a parent's address and is stored nowhere; the parent answers from the mailbox; the
// confirmation comes a day later (the server's test clock); withdrawing deletes the
// membership. A decline and an unanswered request keep nothing. "This is not my child"
// (issue 38) works without JavaScript and refuses that address for 30 days.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  allowPageError,
  answerAgeQuestion,
  CHILD_BIRTH,
  childAsksParent,
  closePage,
  CREW_NAME,
  crewNamePattern,
  joinWaitlist,
  latestMailTo,
  leaderboardPoints,
  newestMailId,
  newPage,
  setServerClock,
  signIn,
  unique,
  waitForHeading,
  confirmEmailByLink,
  withServerAndBrowser,
} from "./fixtures";

const e2e = withServerAndBrowser({ env: { TEST_CLOCK: "true" } });
const DAY_MS = 24 * 60 * 60 * 1000;


/** Whether Admin → Waitlist Users finds anyone by this text. */
async function adminFinds(admin: Page, text: string): Promise<boolean> {
  await admin.goto(`${e2e.server.origin}/admin/waitlist-emails?q=${encodeURIComponent(text)}`);
  await admin.getByRole("heading", { level: 1 }).waitFor();
  return (await admin.getByTestId("waitlist-row").count()) > 0;
}

describe("a child joins with a parent's consent", () => {
  beforeEach(async () => setServerClock(e2e.server, 0));

  it("asks the parent, stores nothing of the child, and the parent's yes, confirmation and withdrawal work", async () => {
    const run = unique();
    const childEmail = `zorblax.kid${run}@example.com`;
    const parentEmail = `parent.${run}@example.com`;
    const child = await newPage(e2e.browser);
    const parent = await newPage(e2e.browser);
    const admin = await newPage(e2e.browser);
    try {
      await childAsksParent(child, e2e.server.origin, childEmail, parentEmail);
      // Back to the form with a grown-up's year on the same device: still the parent step.
      await child.goto(`${e2e.server.origin}/join-waitlist`);
      await child.getByLabel("Your e-mail address").fill(childEmail);
      await answerAgeQuestion(child, { month: "April", year: "1990" });
      await child.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(child, "Ask a parent or guardian");

      await signIn(admin, e2e.server.origin, "admin@example.com");
      assert.equal(await adminFinds(admin, "zorblax"), false, "the child's address is stored nowhere");
      assert.equal(await adminFinds(admin, parentEmail), false, "no membership before the parent answers");

      const notice = await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/answer\?token=/);
      assert.match(notice.html, /said they are a child in your care/);
      const answerLink = notice.link!;
      // Another browser, no cookies: the parent's own.
      await parent.goto(answerLink);
      await waitForHeading(parent, "May your child join the crew?");
      const beforeYes = await newestMailId(e2e.server.origin);
      // Neither leaderboard answer is chosen beforehand, and a yes needs one (ADR 0065).
      const leaderboardChoice = parent.getByRole("group", { name: "Show on the public leaderboard" });
      assert.equal(await leaderboardChoice.getByRole("radio", { checked: true }).count(), 0, "no answer chosen for the parent");
      await parent.getByRole("button", { name: "Yes, they may join" }).click();
      const noAnswer = leaderboardChoice.getByRole("radio", { name: "No" });
      assert.equal(await noAnswer.evaluate((input) => (input as HTMLInputElement).validity.valueMissing), true, "a yes waits for the leaderboard answer");
      await waitForHeading(parent, "May your child join the crew?");
      await leaderboardChoice.getByRole("radio", { name: "No" }).check();
      await parent.getByRole("button", { name: "Yes, they may join" }).click();
      await waitForHeading(parent, "Thank you: your child is in the crew!");
      assert.equal(await adminFinds(admin, parentEmail), true, "the membership uses the parent's address");
      await admin.getByTestId("waitlist-row").getByText(/Parent \(e-mail plus\), \d{4}-\d\d-\d\d, privacy notice v\d+/).waitFor();
      const welcome = await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/revoke\?token=/, { newerThan: beforeYes });
      assert.ok(welcome.link, "the welcome e-mail carries the link to withdraw consent");

      // The child plays under a crew name, on the dashboard the parent's sign-in opens.
      await signIn(parent, e2e.server.origin, parentEmail);
      await parent.goto(`${e2e.server.origin}/dashboard`);
      const crewName = (await parent.getByTestId("crew-name").innerText()).trim();
      assert.match(crewName, CREW_NAME);
      const childLink = await parent.locator("#referral-link").inputValue();
      // "No": on no public list until the parent turns it on from "My family".
      await admin.goto(`${e2e.server.origin}/leaderboard`);
      await admin.getByTestId("leaderboard-row").first().waitFor();
      assert.equal(await admin.getByTestId("leaderboard-row").filter({ hasText: crewName }).count(), 0, "a child shown \"No\" is not on the public leaderboard");
      const family = parent.getByRole("region", { name: "My family" });
      await family.getByRole("checkbox", { name: `Show ${crewName} on the public leaderboard` }).check();
      assert.equal(await family.getByRole("checkbox", { name: /Share with the studio's partners/ }).isChecked(), false, "sharing with partners is off until the parent says yes");
      await family.getByRole("button", { name: "Save my choices" }).click();
      await family.getByTestId("child-choices-saved").waitFor();
      const pointsBefore = await leaderboardPoints(admin, e2e.server.origin, crewName);
      assert.ok(pointsBefore > 0, "the child's crew name is on the public leaderboard once the parent says yes");
      // A friend on another network joins through the child's link and confirms: the child earns.
      const friend = await newPage(e2e.browser, { clientAddress: "203.0.113.77" });
      try {
        await friend.goto(childLink.replace(/^https?:\/\/[^/]+/, e2e.server.origin));
        await friend.getByText("Referral Applied!").waitFor();
        await joinWaitlist(friend, `friend.${run}@example.com`);
        await waitForHeading(friend, "You're In!");
        const friendWelcome = await latestMailTo(e2e.server.origin, `friend.${run}@example.com`, /\/confirm-email\?token=/);
        await confirmEmailByLink(friend, friendWelcome.link!.replace(/^https?:\/\/[^/]+/, e2e.server.origin));
      } finally {
        await closePage(friend);
      }
      assert.equal(await leaderboardPoints(admin, e2e.server.origin, crewName), pointsBefore + 10, "the child's referral link earned points");

      // The answer link works once.
      // The spent link answers 404 (the browser logs it).
      allowPageError(parent, /status of 404 \(Not Found\) \(at [^)]*\/parent-consent\/answer/);
      await parent.goto(answerLink);
      await waitForHeading(parent, "This link doesn't work any more");

      // A day later the confirmation arrives, with the way out.
      const beforeDay = await newestMailId(e2e.server.origin);
      await setServerClock(e2e.server, DAY_MS + 60_000);
      const confirmation = await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/revoke\?token=/, { newerThan: beforeDay });
      assert.match(confirmation.subject, /confirmation/);
      await parent.goto(confirmation.link!);
      await waitForHeading(parent, "Withdraw consent?");
      await parent.getByRole("button", { name: "Withdraw consent and delete" }).click();
      await waitForHeading(parent, "Consent withdrawn");
      await setServerClock(e2e.server, 0);
      assert.equal(await adminFinds(admin, parentEmail), false, "withdrawn: the membership is gone");
      await admin.goto(`${e2e.server.origin}/leaderboard`);
      await admin.getByTestId("leaderboard-row").first().waitFor();
      assert.equal(await admin.getByTestId("leaderboard-row").filter({ hasText: crewNamePattern(crewName) }).count(), 0, "and its crew name left the leaderboard");
    } finally {
      await closePage(child);
      await closePage(parent);
      await closePage(admin);
    }
  });

  it("a family: two siblings ask one parent, each is a crew member of their own, and the parent adds a third", async () => {
    const run = unique();
    const parentEmail = `family.${run}@example.com`;
    const firstChild = await newPage(e2e.browser, { clientAddress: "203.0.113.91" });
    const secondChild = await newPage(e2e.browser, { clientAddress: "203.0.113.92" });
    const parent = await newPage(e2e.browser);
    const visitor = await newPage(e2e.browser);
    /** The parent answers the newest request: Yes, with the leaderboard answer given. */
    async function approve(show: "Yes" | "No", newerThan: number) {
      await parent.goto((await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/answer\?token=/, { newerThan })).link!);
      await parent.getByRole("group", { name: "Show on the public leaderboard" }).getByRole("radio", { name: show }).check();
      await parent.getByRole("button", { name: "Yes, they may join" }).click();
      await waitForHeading(parent, "Thank you: your child is in the crew!");
    }
    /** Whether the public leaderboard lists this crew name. */
    async function isListed(crewName: string): Promise<boolean> {
      await visitor.goto(`${e2e.server.origin}/leaderboard`);
      await visitor.getByTestId("leaderboard-row").first().waitFor();
      return (await visitor.getByTestId("leaderboard-row").filter({ hasText: crewNamePattern(crewName) }).count()) > 0;
    }
    try {
      const beforeFirst = await newestMailId(e2e.server.origin);
      await childAsksParent(firstChild, e2e.server.origin, `sib.one${run}@example.com`, parentEmail);
      await approve("Yes", beforeFirst);
      const beforeSecond = await newestMailId(e2e.server.origin);
      await childAsksParent(secondChild, e2e.server.origin, `sib.two${run}@example.com`, parentEmail);
      await approve("No", beforeSecond);

      await signIn(parent, e2e.server.origin, parentEmail);
      await parent.goto(`${e2e.server.origin}/dashboard`);
      const family = parent.getByRole("region", { name: "My family" });
      const cards = family.getByTestId("family-child");
      assert.equal(await cards.count(), 2, "a card per child");
      const [shown, hidden] = await cards.getByRole("heading", { level: 3 }).allInnerTexts();
      assert.match(shown!, CREW_NAME);
      assert.match(hidden!, CREW_NAME);
      const links = await cards.getByTestId("family-link").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      assert.equal(new Set(links).size, 2, "each child has a referral link of their own");
      assert.equal(await isListed(shown!), true, "the child shown \"Yes\" is on the leaderboard");
      assert.equal(await isListed(hidden!), false, "the child shown \"No\" is not");

      const hiddenCard = cards.filter({ has: parent.getByRole("heading", { name: hidden! }) });
      await hiddenCard.getByRole("checkbox", { name: `Show ${hidden} on the public leaderboard` }).check();
      await hiddenCard.getByRole("button", { name: "Save my choices" }).click();
      await hiddenCard.getByTestId("child-choices-saved").waitFor();
      assert.equal(await isListed(hidden!), true, "listed once the parent turns it on");

      // "Add another child": no e-mail round trip for a parent already verified.
      const add = family.locator("form").filter({ has: parent.getByRole("button", { name: "Add to my family" }) });
      await add.getByLabel("Month", { exact: true }).selectOption({ label: CHILD_BIRTH.month });
      await add.getByLabel("Year", { exact: true }).fill(CHILD_BIRTH.year);
      await add.getByRole("radio", { name: "No" }).check();
      await add.getByRole("button", { name: "Add to my family" }).click();
      await family.getByTestId("child-added").waitFor();
      await cards.nth(2).waitFor();
      assert.equal(await cards.count(), 3, "the third child has a card");
    } finally {
      await closePage(firstChild);
      await closePage(secondChild);
      await closePage(parent);
      await closePage(visitor);
    }
  });

  it("keeps nothing when the parent says no, or does not answer in time", async () => {
    const run = unique();
    const decliner = `decliner.${run}@example.com`;
    const silent = `silent.${run}@example.com`;
    const firstChild = await newPage(e2e.browser);
    const secondChild = await newPage(e2e.browser);
    const parent = await newPage(e2e.browser);
    try {
      await childAsksParent(firstChild, e2e.server.origin, `kid.one${run}@example.com`, decliner);
      await parent.goto((await latestMailTo(e2e.server.origin, decliner, /\/parent-consent\/answer\?token=/)).link!);
      await parent.getByRole("button", { name: "No, delete this request" }).click();
      await waitForHeading(parent, "Thanks: nothing was kept");

      await childAsksParent(secondChild, e2e.server.origin, `kid.two${run}@example.com`, silent);
      const late = (await latestMailTo(e2e.server.origin, silent, /\/parent-consent\/answer\?token=/)).link!;
      await setServerClock(e2e.server, 8 * DAY_MS);
      allowPageError(parent, /status of 404 \(Not Found\) \(at [^)]*\/parent-consent\/answer/);
      await parent.goto(late);
      await waitForHeading(parent, "This link doesn't work any more");
    } finally {
      await closePage(firstChild);
      await closePage(secondChild);
      await closePage(parent);
    }
  });

  it('"This is not my child", answered without JavaScript, refuses that address for 30 days without saying why', async () => {
    const run = unique();
    const stranger = `stranger.${run}@example.com`;
    const firstChild = await newPage(e2e.browser);
    const secondChild = await newPage(e2e.browser);
    const parent = await newPage(e2e.browser, { javaScriptEnabled: false });
    try {
      await childAsksParent(firstChild, e2e.server.origin, `kid.three${run}@example.com`, stranger);
      await parent.goto((await latestMailTo(e2e.server.origin, stranger, /\/parent-consent\/answer\?token=/)).link!);
      await parent.getByRole("button", { name: "This is not my child" }).click();
      await waitForHeading(parent, "Thanks for telling us");

      // Another child giving the same address gets the answer a used-up limit gets.
      allowPageError(secondChild, /status of 429/);
      await secondChild.goto(`${e2e.server.origin}/join-waitlist`);
      await secondChild.getByLabel("Your e-mail address").fill(`kid.four${run}@example.com`);
      await answerAgeQuestion(secondChild, CHILD_BIRTH);
      await secondChild.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(secondChild, "Ask a parent or guardian");
      await secondChild.getByLabel("Parent's or guardian's e-mail address").fill(stranger);
      await secondChild.getByRole("button", { name: "Send to my parent or guardian" }).click();
      await secondChild.getByRole("alert").filter({ hasText: "We've sent enough requests from here for now." }).waitFor();

      // Thirty days on (the test clock's furthest jump; the answer was given moments earlier), the refusal has lapsed.
      await setServerClock(e2e.server, 30 * DAY_MS);
      await secondChild.getByLabel("Parent's or guardian's e-mail address").fill(stranger);
      await secondChild.getByRole("button", { name: "Send to my parent or guardian" }).click();
      await waitForHeading(secondChild, "We've asked your parent or guardian");
    } finally {
      await closePage(firstChild);
      await closePage(secondChild);
      await closePage(parent);
    }
  });
});


describe("the consent age of the country, and a site run children first", () => {
  beforeEach(async () => setServerClock(e2e.server, 0));

  it("13 in Spain goes to a parent; 13 in the United States joins", async () => {
    const run = unique();
    // Thirteen and a half: under Spain's 14, over the United States' 13.
    const born = new Date();
    born.setUTCMonth(born.getUTCMonth() - 162);
    const thirteen = { month: born.toLocaleString("en", { month: "long", timeZone: "UTC" }), year: String(born.getUTCFullYear()) };
    const spain = await newPage(e2e.browser, { clientAddress: "203.0.113.81" });
    const unitedStates = await newPage(e2e.browser, { clientAddress: "203.0.113.82" });
    try {
      for (const [page, country, email] of [[spain, "ES", `trece.${run}@example.com`], [unitedStates, "US", `thirteen.${run}@example.com`]] as const) {
        await page.goto(`${e2e.server.origin}/join-waitlist`);
        await page.getByLabel("Your e-mail address").fill(email);
        await answerAgeQuestion(page, thirteen);
        await page.getByLabel("Country").selectOption(country);
      }
      await spain.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(spain, "Ask a parent or guardian");
      await unitedStates.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(unitedStates, "You're In!");
    } finally {
      await closePage(spain);
      await closePage(unitedStates);
    }
  });

  it("\"Children first\" asks no age and mails the grown-up a consent request; the privacy policy says so", async () => {
    const run = unique();
    const grownUp = `grown.up.${run}@example.com`;
    const admin = await newPage(e2e.browser);
    const visitor = await newPage(e2e.browser, { clientAddress: "203.0.113.83" });
    async function audience(label: string) {
      await admin.goto(`${e2e.server.origin}/admin/settings`);
      await admin.getByRole("radio", { name: label }).check();
      await admin.getByRole("button", { name: "Save All Settings" }).click();
      await admin.getByText("Settings Updated!").waitFor();
    }
    try {
      await signIn(admin, e2e.server.origin, "admin@example.com");
      await audience("Children first (every sign-up through a parent)");
      await visitor.goto(`${e2e.server.origin}/join-waitlist`);
      await visitor.getByLabel("Parent's or guardian's e-mail address").fill(grownUp);
      assert.equal(await visitor.getByLabel("Month", { exact: true }).count(), 0, "no age question");
      assert.equal(await visitor.getByLabel("Country").count(), 0, "no country either");
      const before = await newestMailId(e2e.server.origin);
      await visitor.getByRole("button", { name: "Join the Crew" }).click();
      await waitForHeading(visitor, "We've asked your parent or guardian");
      const notice = await latestMailTo(e2e.server.origin, grownUp, /\/parent-consent\/answer\?token=/, { newerThan: before });
      assert.ok(notice.link, "the grown-up gets the consent request");
      await visitor.goto(`${e2e.server.origin}/privacy`);
      await visitor.getByTestId("children-first").waitFor();
    } finally {
      await audience("Families (a mixed audience)").catch(() => undefined);
      await closePage(admin);
      await closePage(visitor);
    }
  });
});
