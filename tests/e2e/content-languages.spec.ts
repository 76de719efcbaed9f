// Issue 31, the admin's words per language (ADR 0054): the Text & HTML Content Editor's
// Español tab saves Spanish site text without touching the English, marks the fields with
// no translation, and the Spanish home page shows it (the English one does not). The tabs
// are links, so they work without JavaScript too. A broadcast's Español tab keeps both
// drafts, and the preview and test show each version.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { closePage, newestMailId, newPage, poll, readMailbox, signIn, waitForHydration, withServerAndBrowser } from "./fixtures";

// The demo's members (db/seed.ts): a broadcast needs someone with a confirmed address.
const e2e = withServerAndBrowser({ env: { SEED_DEMO: "true" } });
let admin: Page;

before(async () => {
  await e2e.ready();
  admin = await newPage(e2e.browser);
  await signIn(admin, e2e.server.origin, "admin@example.com");
});

after(async () => {
  if (admin) await closePage(admin);
});

describe("language tabs in the back office", () => {
  it("saves Spanish site text apart from the English, and the Spanish home page shows it", async () => {
    await admin.goto(`${e2e.server.origin}/admin/text-editor`);
    await waitForHydration(admin);
    const title = admin.getByLabel("Main Title Line 1", { exact: true });
    const english = await title.inputValue();
    assert.notEqual(english, "");

    await admin.getByRole("link", { name: "Español", exact: true }).click();
    await admin.waitForURL(/\/admin\/text-editor\?language=es$/);
    await admin.getByRole("link", { name: "Español", exact: true }).and(admin.locator('[aria-current="page"]')).waitFor();
    assert.equal(await title.inputValue(), "");
    const untranslated = await admin.getByTestId("not-translated").count();
    assert.ok(untranslated >= 6, `every Spanish field starts "Not translated" (${untranslated})`);
    await admin.getByText("Spanish readers get the built-in Spanish text while the English is unchanged").first().waitFor();

    await title.fill("¡Súbete a bordo!");
    await admin.getByRole("button", { name: "Save All Content" }).click();
    await admin.getByText("Content Saved!").waitFor();
    await admin.getByText("Saved Main Title Line 1 (Spanish).").waitFor();
    assert.equal(await title.inputValue(), "¡Súbete a bordo!");
    // The saved screen is read again after the toast: wait for it rather than count mid-render.
    await admin.waitForFunction((count) => document.querySelectorAll('[data-testid="not-translated"]').length === count, untranslated - 1);

    // The Spanish history has the one version; the English tab still shows the English.
    await admin.getByRole("button", { name: "History" }).first().click();
    await admin.getByRole("dialog").getByText("History: Main Title Line 1 (Spanish)").waitFor();
    await admin.getByRole("dialog").getByText("¡Súbete a bordo!").waitFor();
    await admin.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await admin.getByRole("link", { name: "English", exact: true }).click();
    await admin.waitForURL(/\?language=en$/);
    await admin.waitForFunction((value) => (document.querySelector<HTMLInputElement>('input[name="homepageMainTitleLine1"]')?.value ?? "") === value, english);

    const spanishHome = await (await fetch(`${e2e.server.origin}/?lang=es`)).text();
    assert.match(spanishHome, /¡Súbete a bordo!/);
    const englishHome = await (await fetch(`${e2e.server.origin}/?lang=en`)).text();
    assert.doesNotMatch(englishHome, /¡Súbete a bordo!/);
  });

  it("switches tab without JavaScript: the tabs are links and the Español tab is the server's page", async () => {
    const plain = await newPage(e2e.browser, { javaScriptEnabled: false });
    try {
      await signIn(plain, e2e.server.origin, "admin@example.com");
      await plain.goto(`${e2e.server.origin}/admin/text-editor`);
      await plain.getByRole("link", { name: "Español", exact: true }).click();
      await plain.waitForURL(/\?language=es$/);
      assert.equal(await plain.getByLabel("Main Title Line 1", { exact: true }).inputValue(), "¡Súbete a bordo!");
      assert.equal(await plain.locator('input[type="hidden"][name="language"]').getAttribute("value"), "es");
    } finally {
      await closePage(plain);
    }
  });

  it("keeps both drafts of a broadcast across its tabs; the preview and the test show each version", async () => {
    await admin.goto(`${e2e.server.origin}/admin/broadcasts`);
    await waitForHydration(admin);
    await admin.getByLabel("Subject", { exact: true }).fill("Launch day!");
    await admin.getByRole("textbox", { name: "Message", exact: true }).click();
    await admin.keyboard.type("It is here.");

    await admin.getByRole("link", { name: "Español", exact: true }).click();
    await admin.waitForURL(/\/admin\/broadcasts\?language=es$/);
    await admin.getByLabel("Spanish subject").fill("¡Llegó el día!");
    await admin.getByRole("textbox", { name: "Spanish message" }).click();
    await admin.keyboard.type("Ya está aquí.");
    await admin.getByRole("link", { name: "English", exact: true }).click();
    await admin.waitForURL(/\?language=en$/);
    assert.equal(await admin.getByLabel("Subject", { exact: true }).inputValue(), "Launch day!");
    assert.match(await admin.getByRole("textbox", { name: "Message", exact: true }).innerText(), /It is here\./);

    await admin.getByRole("button", { name: "Preview audience" }).click();
    const versions = admin.getByRole("list", { name: "Versions" });
    await versions.getByText(/^English: “Launch day!” to \d+ members?$/).waitFor();
    await versions.getByText(/^Spanish: “¡Llegó el día!” to \d+ members?$/).waitFor();

    const before = await newestMailId(e2e.server.origin);
    await admin.getByRole("button", { name: "Send test to me" }).click();
    await admin.getByText("Test Sent!").waitFor();
    const tests = async () => (await readMailbox(e2e.server.origin)).filter((entry) => entry.id > before && entry.to === "admin@example.com").map((entry) => entry.subject);
    const subjects = await poll(async () => ((await tests()).length >= 2 ? tests() : undefined), { timeoutMs: 15_000, describe: () => "the two test e-mails did not arrive" });
    assert.deepEqual(subjects.sort(), ["[Test, Spanish] ¡Llegó el día!", "[Test] Launch day!"]);
  });
});
