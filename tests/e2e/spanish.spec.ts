// Issue 31 in a Spanish-speaking family's browser (es-MX): the home page, the join, the
// thank-you page, the leaderboard, the sign-in page, the dashboard, the parent step, the welcome e-mail and the
// e-mail asking a parent are Spanish, `<html lang="es">`, and none of their words is an English message of the page's catalogs;
// switching to English keeps the member's place; without JavaScript, a Spanish join works too.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { englishOnly } from "../english-messages";
import { CHILD_BIRTH, closePage, latestMailTo, newestMailId, newPage, unique, waitForHeading, waitForHydration, withServerAndBrowser } from "./fixtures";

const e2e = withServerAndBrowser();
const SPANISH = { locale: "es-MX" } as const;

/** Every piece of text the page shows or says (text nodes, labels, placeholders, alternatives), as the browser has it. */
async function renderedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest("script, style, [aria-hidden='true']")) continue;
      texts.push(node.textContent ?? "");
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [alt], [title]")) {
      for (const attribute of ["aria-label", "placeholder", "alt", "title"]) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

async function assertSpanish(page: Page, ...namespaces: string[]) {
  assert.equal(await page.getAttribute("html", "lang"), "es", `${page.url()} says it is Spanish`);
  const english = englishOnly("common", ...namespaces);
  const left = (await renderedTexts(page)).filter((text) => english.has(text));
  assert.deepEqual(left, [], `${page.url()} shows no English message`);
}

async function joinInSpanish(page: Page, email: string, birth = { month: "abril", year: "1990" }) {
  await page.getByLabel("Tu correo electrónico").first().fill(email);
  await page.getByLabel("Mes", { exact: true }).first().selectOption({ label: birth.month });
  await page.getByLabel("Año", { exact: true }).first().fill(birth.year);
  await page.getByRole("button", { name: "Únete a la tripulación" }).first().click();
}

describe("in Spanish", () => {
  it("the home page, the join, the thank-you page, the leaderboard and the dashboard speak Spanish; English keeps the member's place", async () => {
    const page = await newPage(e2e.browser, SPANISH);
    try {
      await page.goto(`${e2e.server.origin}/`);
      await waitForHydration(page);
      await assertSpanish(page, "home");

      const email = `lupita${unique()}@example.com`;
      await joinInSpanish(page, email);
      await waitForHeading(page, "¡Ya estás dentro!");
      await waitForHydration(page);
      await assertSpanish(page, "thank-you");
      const crewName = (await page.getByTestId("crew-name").innerText()).trim();
      const link = await page.getByLabel("Tu enlace de invitación").inputValue();
      const welcome = await latestMailTo(e2e.server.origin, email, /\/confirm-email\?token=/);
      assert.match(welcome.subject, /^¡Te damos la bienvenida a /, "the welcome e-mail is Spanish");
      assert.match(welcome.html, /Confirmar mi correo/);
      assert.ok(welcome.link, "the welcome e-mail carries its confirmation link");

      await page.goto(`${e2e.server.origin}/leaderboard`);
      await waitForHydration(page);
      await assertSpanish(page, "leaderboard");
      assert.match(await page.getByTestId("place-in-line").innerText(), /^Estás en el lugar #\d+ de \d+/);

      // Signing in on the Spanish sign-in page; its e-mail's link leads to a Spanish dashboard.
      const before = await newestMailId(e2e.server.origin);
      await page.goto(`${e2e.server.origin}/login`);
      await waitForHeading(page, "Acceso de la tripulación");
      await waitForHydration(page);
      await assertSpanish(page, "login");
      await page.getByLabel("Correo electrónico").fill(email);
      await page.getByRole("button", { name: "Enviar enlace mágico" }).click();
      await page.getByText("¡Revisa tu correo!").waitFor();
      const signInMail = await latestMailTo(e2e.server.origin, email, /\/api\/auth\/magic-link\/verify\?token=/, { newerThan: before });
      assert.ok(signInMail.link, "the sign-in e-mail carries its link");
      await page.goto(signInMail.link);
      await page.goto(`${e2e.server.origin}/dashboard`);
      await waitForHeading(page, "Mi panel");
      await waitForHydration(page);
      await assertSpanish(page, "dashboard");
      assert.equal((await page.getByTestId("crew-name").innerText()).trim(), crewName);

      await page.goto(`${e2e.server.origin}/thank-you`);
      await waitForHydration(page);
      await page.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
      await waitForHeading(page, "Welcome Back!");
      assert.equal(await page.getAttribute("html", "lang"), "en");
      assert.equal((await page.getByTestId("crew-name").innerText()).trim(), crewName, "the same member, in English");
      assert.equal(await page.getByLabel("Your referral link").inputValue(), link);
    } finally {
      await closePage(page);
    }
  });

  it("joins without JavaScript, in Spanish from the form to the thank-you page", async () => {
    const page = await newPage(e2e.browser, { ...SPANISH, javaScriptEnabled: false });
    try {
      await page.goto(`${e2e.server.origin}/join-waitlist`);
      await assertSpanish(page, "join");
      await joinInSpanish(page, `tomas${unique()}@example.com`);
      await waitForHeading(page, "¡Ya estás dentro!");
      await assertSpanish(page, "thank-you");
      // The switcher is a plain form: without JavaScript too, back to the same page.
      await page.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
      await waitForHeading(page, "You're In!");
      assert.equal(await page.getAttribute("html", "lang"), "en");
    } finally {
      await closePage(page);
    }
  });

  it("asks a child's parent in Spanish", async () => {
    const child = await newPage(e2e.browser, SPANISH);
    try {
      await child.goto(`${e2e.server.origin}/join-waitlist`);
      await waitForHydration(child);
      await joinInSpanish(child, `nino${unique()}@example.com`, { month: "junio", year: CHILD_BIRTH.year });
      await waitForHeading(child, "Pídeselo a tu mamá, tu papá o tu tutor");
      await waitForHydration(child);
      await assertSpanish(child, "parent-consent");
      const parentEmail = `mama${unique()}@example.com`;
      await child.getByLabel("Correo electrónico de tu mamá, tu papá o tu tutor").fill(parentEmail);
      await child.getByRole("button", { name: "Enviar a mi mamá, mi papá o mi tutor" }).click();
      await waitForHeading(child, "Ya le preguntamos a tu mamá, tu papá o tu tutor");
      await assertSpanish(child, "parent-consent");
      const request = await latestMailTo(e2e.server.origin, parentEmail, /\/parent-consent\/answer\?token=/);
      assert.match(request.subject, /necesitamos tu permiso$/, "the parent is asked in Spanish");
      assert.match(request.html, /Revisar y responder/);
      assert.ok(request.link, "the request carries the link to answer it");
    } finally {
      await closePage(child);
    }
  });
});
