// Waitlist Emails → Import from CSV, as an admin uses it: upload, read the dry run line by
// line, import with a tag, watch it finish, find the members and the audit rows.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { closePage, newPage, signIn, unique, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();

describe("importing members from a CSV file", () => {
  it("checks the file first, then imports the new lines with a tag, audited", async () => {
    const run = unique();
    const csv = [
      "Email,Confirmed,Tags",
      `fair.${run}@example.com,Yes,spring`,
      `Fair.${run}@Example.com,No,`,
      "not an address,,",
      `kite.${run}@example.com,No,`,
    ].join("\n");
    const admin = await newPage(e2e.browser);
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/waitlist-emails`);
    await waitForHydration(admin);

    await admin.getByLabel("CSV file").setInputFiles({ name: "fair.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await admin.getByRole("button", { name: "Check file" }).click();
    await admin.getByRole("heading", { name: "Checked: fair.csv" }).waitFor();
    const counts = await admin.getByTestId("import-counts").innerText();
    assert.match(counts.replace(/\s+/g, " "), /Lines: 4 New: 2 Already listed: 1 Invalid: 1 Throwaway: 0/);
    const problems = await admin.getByTestId("import-problem").allInnerTexts();
    assert.deepEqual(
      problems.map((row) => row.replace(/\s+/g, " ").trim()),
      [`3 fair.${run}@example.com Already listed Also on line 2`, "4 not an address Invalid Not a valid e-mail address"],
    );
    // Nothing is on the list yet.
    await admin.getByLabel("Search e-mail, referral code or tags").fill(`kite.${run}`);
    await admin.getByLabel("Search e-mail, referral code or tags").press("Enter");
    await admin.getByText("No users match.").waitFor();

    await admin.getByLabel("Tags for every imported member (comma separated)").fill("fair 2026");
    await admin.getByRole("button", { name: "Import 2 new members" }).click();
    await admin.getByText("Import Started").first().waitFor();
    await admin.getByText("Imported 2 members from fair.csv.").waitFor({ timeout: 15_000 });

    await admin.goto(`${e2e.server.origin}/admin/waitlist-emails?q=${encodeURIComponent(`fair.${run}`)}`);
    const row = admin.getByTestId("waitlist-row");
    await row.first().waitFor();
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /spring, fair 2026/);

    await admin.goto(`${e2e.server.origin}/admin/audit-log`);
    await admin.getByText("member.imported").first().waitFor();
    await closePage(admin);
  });
});
