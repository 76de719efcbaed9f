// Team roles as people meet them: an owner invites an editor by e-mail, the editor signs in
// with a magic link and sees only the content screens, the member screens are closed to
// them, a viewer reads but cannot change, and removal closes the back office at once.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { allowFailedResponse, closePage, decodeEntities, latestMailTo, launchBrowser, newPage, signIn, startServer, unique, waitForHeading, waitForHydration, type TestServer } from "./fixtures";

let server: TestServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function sidebar(page: Page): Promise<string[]> {
  return (await page.getByRole("navigation", { name: "Admin" }).getByRole("link").allInnerTexts()).map((text) => text.trim());
}

async function teamRow(owner: Page, email: string) {
  return owner.getByTestId("team-member").filter({ hasText: email });
}

describe("team roles", () => {
  it("invites an editor who sees only the content screens, makes them a viewer, then removes them", async () => {
    const email = `editor${unique()}@example.com`;
    const owner = await newPage(browser);
    await signIn(owner, server.origin, "admin@example.com");
    await owner.goto(`${server.origin}/admin/team`);
    await waitForHydration(owner);
    assert.match(await (await teamRow(owner, "admin@example.com")).innerText(), /Owner/);
    await owner.getByLabel("E-mail address").fill(email);
    await owner.getByLabel("Role", { exact: true }).selectOption("editor");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByText("Invitation Sent!").first().waitFor();
    await (await teamRow(owner, email)).waitFor();
    const invitation = await latestMailTo(server.origin, email, /\/login/);
    assert.match(decodeEntities(invitation.html), /as Editor/);

    const editor = await newPage(browser);
    // The "Woah Buddy!" page answers 403, which the browser logs.
    allowFailedResponse(editor, 403, "/unauthorized");
    await signIn(editor, server.origin, email);
    await editor.goto(`${server.origin}/admin`);
    await waitForHeading(editor, "Admin Overview");
    assert.deepEqual(await sidebar(editor), ["Overview", "Products", "Video Management", "Social Share Settings", "Text & HTML Content", "Welcome Email Editor"]);
    await editor.goto(`${server.origin}/admin/products`);
    assert.equal(await editor.getByTestId("read-only-notice").count(), 0);
    await editor.goto(`${server.origin}/admin/waitlist-emails`);
    await waitForHeading(editor, "Woah Buddy!");

    // Made a viewer: the member screens open, read-only.
    await owner.getByLabel(`Role of ${email}`, { exact: true }).selectOption("viewer");
    await owner.getByRole("button", { name: `Change the role of ${email}` }).click();
    await owner.getByText("Role Changed").first().waitFor();
    await editor.goto(`${server.origin}/admin/settings`);
    await editor.getByTestId("read-only-notice").waitFor();
    assert.ok((await sidebar(editor)).includes("Waitlist Emails"));
    assert.ok(!(await sidebar(editor)).includes("Developers"));
    // Reading, not changing or downloading (exports are off for viewers unless the team allows them).
    await editor.goto(`${server.origin}/admin/waitlist-emails`);
    await editor.getByTestId("read-only-notice").waitFor();
    assert.equal(await editor.getByRole("link", { name: "Export CSV" }).count(), 0);
    assert.equal(await editor.getByRole("heading", { name: "Import from CSV" }).count(), 0);

    await owner.getByRole("button", { name: `Remove ${email} from the team` }).click();
    await owner.getByText("Removed from the Team").first().waitFor();
    await editor.goto(`${server.origin}/admin/overview`);
    await waitForHeading(editor, "Woah Buddy!");

    await owner.goto(`${server.origin}/admin/audit-log`);
    await owner.getByText("team.removed").first().waitFor();
    await closePage(editor);
    await closePage(owner);
  });
});
