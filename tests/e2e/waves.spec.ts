// Launch day's waves in the browser (ADR 0049): an admin invites the top 3 of the all-time
// leaderboard (each gets one invite e-mail, nobody else does); a member who opens another
// member's invite link is refused; the invited member signs in from the invite page,
// accepts, and the dashboard and Waitlist Emails show who is admitted.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allowFailedResponse, closePage, latestMailTo, newPage, readMailbox, requestMagicLink, signIn, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();
const INVITE_SUBJECT = /^You're invited/;

async function inviteLinkOf(email: string): Promise<string> {
  const mail = await latestMailTo(e2e.server.origin, email, /\/invite\?code=/);
  assert.ok(mail.link, `the invite e-mail to ${email} links to its invite`);
  return mail.link;
}

describe("a wave of the top 3", () => {
  let invited: string[] = [];

  it("previews the exact count, then invites: one invite e-mail each to the top 3, none to anyone else", async () => {
    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/launch`);
    await waitForHydration(admin);
    await admin.getByLabel("Who").selectOption("top_all_time");
    await admin.getByLabel("How many").fill("3");
    await admin.getByLabel("Wave name (optional)").fill("Founders");
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin.getByTestId("wave-preview-count").filter({ hasText: "3 members" }).waitFor();
    assert.equal(await admin.getByTestId("wave-preview").locator("tbody tr").count(), 3, "a sample of the three");
    assert.equal((await readMailbox(e2e.server.origin)).filter((mail) => INVITE_SUBJECT.test(mail.subject)).length, 0, "a preview sends nothing");

    await admin.getByRole("button", { name: "Invite 3 Members" }).click();
    await admin.getByText("Wave Invited!").waitFor();
    const row = admin.getByTestId("waves-table").locator("tbody tr").first();
    await row.filter({ hasText: "Founders" }).waitFor();
    assert.match((await row.innerText()).replace(/\s+/g, " "), /Founders Top 3 of the all-time leaderboard 3 0 0%/);

    const invites = (await readMailbox(e2e.server.origin)).filter((mail) => INVITE_SUBJECT.test(mail.subject));
    invited = invites.map((mail) => mail.to).reverse();
    assert.equal(invites.length, 3, "three invite e-mails");
    assert.equal(new Set(invited).size, 3, "one each");

    // Waitlist Emails: exactly those three are invited; everyone else (the 4th too) is waiting.
    await admin.goto(`${e2e.server.origin}/admin/waitlist-emails?launch=invited`);
    const rows = admin.getByTestId("waitlist-row");
    await rows.first().waitFor();
    const invitedRows = (await rows.allInnerTexts()).map((text) => text.split(/\s/)[0]);
    assert.deepEqual([...invitedRows].sort(), [...invited].sort());
    await admin.goto(`${e2e.server.origin}/admin/waitlist-emails?launch=waiting`);
    await rows.first().waitFor();
    for (const text of await rows.allInnerTexts()) assert.ok(!invited.includes(text.split(/\s/)[0]!), "nobody waiting got an invite");
    await closePage(admin);
  });

  it("refuses an invite opened by another member, signed in as themselves", async () => {
    const [first, second] = invited;
    assert.ok(first && second);
    const other = await newPage(e2e.browser);
    await signIn(other, e2e.server.origin, second);
    allowFailedResponse(other, 403, "/invite");
    await other.goto(await inviteLinkOf(first));
    assert.equal(await waitForHeading(other, "This invite isn't yours"), "This invite isn't yours");
    await other.getByText("This invite belongs to another crew member.").waitFor();
    await other.goto(`${e2e.server.origin}/dashboard`);
    assert.equal(await other.getByTestId("launch-status").innerText(), "Invited", "their own invite is untouched");
    await closePage(other);
  });

  it("admits the invite's own member after a magic-link sign-in, and the dashboard says so", async () => {
    const [first] = invited;
    assert.ok(first);
    const member = await newPage(e2e.browser);
    await member.goto(await inviteLinkOf(first));
    assert.equal(await waitForHeading(member, "You're invited!"), "You're invited!");
    await member.getByRole("link", { name: "Sign In to Accept" }).click();
    await member.waitForURL(/\/login\?redirectTo=/);
    await waitForHydration(member);
    const before = (await readMailbox(e2e.server.origin)).reduce((max, mail) => Math.max(max, mail.id), 0);
    await requestMagicLink(member, first);
    const signInMail = await latestMailTo(e2e.server.origin, first, /\/api\/auth\/magic-link\/verify\?token=/, { newerThan: before });
    await member.goto(signInMail.link!);
    await member.waitForURL(/\/invite\?code=/);
    await member.getByRole("button", { name: "Accept Invite" }).click();
    assert.equal(await waitForHeading(member, "You're in!"), "You're in!");

    await member.goto(`${e2e.server.origin}/dashboard`);
    const status = member.getByTestId("launch-status");
    assert.equal(await status.innerText(), "Admitted");
    await closePage(member);

    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/waitlist-emails?launch=admitted`);
    const rows = admin.getByTestId("waitlist-row");
    await rows.first().waitFor();
    assert.deepEqual((await rows.allInnerTexts()).map((text) => text.split(/\s/)[0]), [first]);
    await admin.goto(`${e2e.server.origin}/admin/launch`);
    assert.match((await admin.getByTestId("waves-table").locator("tbody tr").first().innerText()).replace(/\s+/g, " "), /Founders .* 3 1 33\.3%/);
    await closePage(admin);
  });
});
