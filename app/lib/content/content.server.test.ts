import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { getSiteSettings, SETTING_DEFINITIONS } from "../settings/settings.server";
import { CONTENT_NAMES } from "./content-fields";
import { sanitizeRichHtml } from "./sanitize.server";
import { SPANISH_CONTENT_DEFAULTS } from "./spanish-defaults";
import { getContent, getContentIn, getContentTranslation, listContentHistory, resolveContentIn, saveContent } from "./content.server";

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

describe("site text per language", () => {
  it("saves Spanish without touching English, each with its own history", async () => {
    await saveContent({ homepageMainTitleLine1: "Join us!" }, "admin-1");
    expect(await saveContent({ homepageMainTitleLine1: "¡Únete!", homepageMainSubtitle: "<p>Hola</p>" }, "admin-1", "es")).toEqual([
      "homepageMainTitleLine1",
      "homepageMainSubtitle",
    ]);
    await saveContent({ homepageMainTitleLine1: "¡Únete a la tripulación!" }, "admin-1", "es");

    expect(await getContent(["homepageMainTitleLine1"])).toEqual({ homepageMainTitleLine1: "Join us!" });
    expect((await listContentHistory("homepageMainTitleLine1")).map((entry) => [entry.version, entry.value])).toEqual([[1, "Join us!"]]);
    expect((await listContentHistory("homepageMainTitleLine1", "es")).map((entry) => [entry.version, entry.value])).toEqual([
      [2, "¡Únete a la tripulación!"],
      [1, "¡Únete!"],
    ]);
    expect(await listContentHistory("homepageMainSubtitle")).toEqual([]);
  });

  it("falls back to English field by field where Spanish is missing", async () => {
    await saveContent({ confirmationPageTitle: "Thanks!", confirmationPageMessage: "<p>Share your link.</p>" }, "admin-1");
    await saveContent({ confirmationPageTitle: "¡Gracias!" }, "admin-1", "es");
    expect(await getContentIn("es", ["confirmationPageTitle", "confirmationPageMessage"])).toEqual({
      confirmationPageTitle: "¡Gracias!",
      confirmationPageMessage: "<p>Share your link.</p>",
    });
    expect(await getContentIn("en", ["confirmationPageTitle"])).toEqual({ confirmationPageTitle: "Thanks!" });
    // The admin's Spanish tab: the translation and which fields have none.
    expect(await getContentTranslation("es", ["confirmationPageTitle", "confirmationPageMessage"])).toEqual({
      values: { confirmationPageTitle: "¡Gracias!", confirmationPageMessage: "" },
      untranslated: ["confirmationPageMessage"],
    });
  });

  it("reads an emptied Spanish field as not translated (English again), keeping the history", async () => {
    await saveContent({ welcomeEmailTemplateHtml: "<p>Welcome aboard!</p>" }, "admin-1");
    await saveContent({ welcomeEmailTemplateHtml: "<p>¡Bienvenido a bordo!</p>" }, "admin-1", "es");
    expect((await getContentIn("es", ["welcomeEmailTemplateHtml"])).welcomeEmailTemplateHtml).toBe("<p>¡Bienvenido a bordo!</p>");

    expect(await saveContent({ welcomeEmailTemplateHtml: "<p> </p>" }, "admin-1", "es")).toEqual(["welcomeEmailTemplateHtml"]);
    expect((await getContentIn("es", ["welcomeEmailTemplateHtml"])).welcomeEmailTemplateHtml).toBe("<p>Welcome aboard!</p>");
    expect((await getContentTranslation("es", ["welcomeEmailTemplateHtml"])).untranslated).toEqual(["welcomeEmailTemplateHtml"]);
    expect((await listContentHistory("welcomeEmailTemplateHtml", "es")).map((entry) => entry.value)).toEqual(["", "<p>¡Bienvenido a bordo!</p>"]);
    // Saving it empty again changes nothing.
    expect(await saveContent({ welcomeEmailTemplateHtml: "" }, "admin-1", "es")).toEqual([]);
  });

  it("sanitises Spanish rich text as it does English", async () => {
    await saveContent({ homepageMainSubtitle: '<p onclick="x()">Hola <script>alert(1)</script></p>' }, "admin-1", "es");
    expect((await getContentIn("es", ["homepageMainSubtitle"])).homepageMainSubtitle).toBe("<p>Hola </p>");
  });

  it("gives Spanish readers the built-in Spanish while the English is the code default, and says which language each field came out in", async () => {
    const names = ["homepageMainTitleLine1", "homepageMainTitleLine2", "confirmationPageTitle", "welcomeEmailTemplateHtml"] as const;
    // Saved back unchanged, the English is still the default; the welcome template's default, saved through the sanitiser, too.
    await saveContent({ homepageMainTitleLine2: SETTING_DEFINITIONS.homepageMainTitleLine2.fallback, welcomeEmailTemplateHtml: SETTING_DEFINITIONS.welcomeEmailTemplateHtml.fallback, homepageMainTitleLine1: "Ahoy!" }, "admin-1");
    await saveContent({ confirmationPageTitle: "¡Gracias!" }, "admin-1", "es");
    const resolved = await resolveContentIn("es", names);
    expect(resolved.values).toEqual({
      homepageMainTitleLine1: "Ahoy!",
      homepageMainTitleLine2: SPANISH_CONTENT_DEFAULTS.homepageMainTitleLine2,
      confirmationPageTitle: "¡Gracias!",
      welcomeEmailTemplateHtml: sanitizeRichHtml(SPANISH_CONTENT_DEFAULTS.welcomeEmailTemplateHtml),
    });
    expect(resolved.languages).toEqual({ homepageMainTitleLine1: "en", homepageMainTitleLine2: "es", confirmationPageTitle: "es", welcomeEmailTemplateHtml: "es" });
    // Still "Not translated" in the back office: no Spanish of the admin's own.
    expect((await getContentTranslation("es", names)).untranslated).toEqual(["homepageMainTitleLine1", "homepageMainTitleLine2", "welcomeEmailTemplateHtml"]);
    expect((await resolveContentIn("en", names)).languages).toEqual({ homepageMainTitleLine1: "en", homepageMainTitleLine2: "en", confirmationPageTitle: "en", welcomeEmailTemplateHtml: "en" });
  });

  it("has a built-in Spanish for every field, with the English default's placeholders", () => {
    for (const name of CONTENT_NAMES) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{[A-Z_]+\}\}/g)].map((match) => match[0]).sort();
      expect(SPANISH_CONTENT_DEFAULTS[name], name).not.toBe("");
      expect(placeholders(SPANISH_CONTENT_DEFAULTS[name]), name).toEqual(placeholders(SETTING_DEFINITIONS[name].fallback));
    }
  });
});
