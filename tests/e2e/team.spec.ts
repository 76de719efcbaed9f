// Team roles as people meet them: an owner invites an editor by e-mail, the editor signs in
// with a magic link and sees only the content screens, the member screens are closed to
// them, a viewer reads but cannot change, and removal closes the back office at once.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { allowFailedResponse, closePage, decodeEntities, latestMailTo, newPage, signIn, unique, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

async function sidebar(page: Page): Promise<string[]> {
  return (await page.getByRole("navigation", { name: "Admin" }).getByRole("link").allInnerTexts()).map((text) => text.trim());
}

async function teamRow(owner: Page, email: string) {
  return owner.getByTestId("team-member").filter({ hasText: email });
}

describe("team roles", () => {
  it("invites an editor who sees only the content screens, makes them a viewer, then removes them", async () => {
    const email = `editor${unique()}@example.com`;
    const owner = await newPage(e2e.browser);
    await signIn(owner, e2e.server.origin, "admin@example.com");
    await owner.goto(`${e2e.server.origin}/admin/team`);
    await waitForHydration(owner);
    assert.match(await (await teamRow(owner, "admin@example.com")).innerText(), /Owner/);
    await owner.getByLabel("E-mail address").fill(email);
    await owner.getByLabel("Role", { exact: true }).selectOption("editor");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByText("Invitation Sent!").first().waitFor();
    await (await teamRow(owner, email)).waitFor();
    const invitation = await latestMailTo(e2e.server.origin, email, /\/login/);
    assert.match(decodeEntities(invitation.html), /as Editor/);

    const editor = await newPage(e2e.browser);
    // The "Woah Buddy!" page answers 403, which the browser logs.
    allowFailedResponse(editor, 403, "/unauthorized");
    await signIn(editor, e2e.server.origin, email);
    await editor.goto(`${e2e.server.origin}/admin`);
    await waitForHeading(editor, "Admin Overview");
    assert.deepEqual(await sidebar(editor), ["Overview", "Products", "Video Management", "Social Share Settings", "Text & HTML Content", "Welcome Email Editor"]);
    await editor.goto(`${e2e.server.origin}/admin/products`);
    assert.equal(await editor.getByTestId("read-only-notice").count(), 0);
    await editor.goto(`${e2e.server.origin}/admin/waitlist-emails`);
    await waitForHeading(editor, "Woah Buddy!");

    // Made a viewer: the member screens open, read-only.
    await owner.getByLabel(`Role of ${email}`, { exact: true }).selectOption("viewer");
    await owner.getByRole("button", { name: `Change the role of ${email}` }).click();
    await owner.getByText("Role Changed").first().waitFor();
    await editor.goto(`${e2e.server.origin}/admin/settings`);
    await editor.getByTestId("read-only-notice").waitFor();
    assert.ok((await sidebar(editor)).includes("Waitlist Emails"));
    assert.ok(!(await sidebar(editor)).includes("Developers"));
    // Reading, not changing or downloading (exports are off for viewers unless the team allows them).
    await editor.goto(`${e2e.server.origin}/admin/waitlist-emails`);
    await editor.getByTestId("read-only-notice").waitFor();
    assert.equal(await editor.getByRole("link", { name: "Export CSV" }).count(), 0);
    assert.equal(await editor.getByRole("heading", { name: "Import from CSV" }).count(), 0);

    await owner.getByRole("button", { name: `Remove ${email} from the team` }).click();
    await owner.getByText("Removed from the Team").first().waitFor();
    await editor.goto(`${e2e.server.origin}/admin/overview`);
    await waitForHeading(editor, "Woah Buddy!");

    await owner.goto(`${e2e.server.origin}/admin/audit-log`);
    await owner.getByText("team.removed").first().waitFor();
    await closePage(editor);
    await closePage(owner);
  });
});
