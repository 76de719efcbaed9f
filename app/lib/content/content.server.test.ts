import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../db.server";
import { getSiteSettings } from "../settings/settings.server";
import { getContent, listContentHistory, saveContent } from "./content.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

describe("site text with history", () => {
  it("saves only changed fields, one new version each, newest first", async () => {
    expect(await saveContent({ homepageMainTitleLine1: "Ahoy!", confirmationPageTitle: "Thanks for joining the crew" }, "admin-1")).toEqual([
      "homepageMainTitleLine1",
    ]);
    await saveContent({ homepageMainTitleLine1: "  Ahoy, crew!  " }, "admin-1");
    const history = await listContentHistory("homepageMainTitleLine1");
    expect(history.map((entry) => [entry.version, entry.value, entry.changedBy])).toEqual([
      [2, "Ahoy, crew!", "boss@example.com"],
      [1, "Ahoy!", "boss@example.com"],
    ]);
    expect(await listContentHistory("confirmationPageTitle")).toEqual([]);
    expect((await getContent(["homepageMainTitleLine1"])).homepageMainTitleLine1).toBe("Ahoy, crew!");
  });

  it("sanitises rich text before storing it and when reading it back", async () => {
    await saveContent({ homepageMainSubtitle: '<p onclick="x()">Hi <script>alert(1)</script><strong>there</strong> <a href="javascript:alert(1)">x</a></p>' }, "admin-1");
    const { homepageMainSubtitle } = await getSiteSettings(["homepageMainSubtitle"]);
    expect(homepageMainSubtitle).toBe("<p>Hi <strong>there</strong> <a rel=\"noopener noreferrer nofollow\">x</a></p>");
    expect((await listContentHistory("homepageMainSubtitle"))[0]?.value).toBe(homepageMainSubtitle);
  });

  it("keeps the last 10 versions in the history view", async () => {
    for (let i = 1; i <= 12; i += 1) await saveContent({ confirmationPageTitle: `Title ${i}` }, "admin-1");
    const history = await listContentHistory("confirmationPageTitle");
    expect(history).toHaveLength(10);
    expect(history[0]?.version).toBe(12);
  });

  it("numbers concurrent saves without gaps or duplicates", async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => saveContent({ homepageMainTitleLine2: `Line ${i}` }, "admin-1")));
    const versions = (await listContentHistory("homepageMainTitleLine2")).map((entry) => entry.version).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
