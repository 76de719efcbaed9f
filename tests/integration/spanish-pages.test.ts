// Issue 31: a Spanish-speaking family's pages are Spanish — the language the browser asks
// for, or the one chosen with the switcher (kept in a cookie, and on the member for their
// e-mails) — with `lang`, `Content-Language` and the alternates that say so, and no English
// message of the page's catalogs left in what a reader sees or hears.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, products, waitlistUsers } from "../../db/schema";
import { seedDemoContent } from "../../db/seed";
import { sessionIdOf, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { englishFragments, englishOnly } from "../english-messages";
import { loadRouteServer } from "../route-server";
import { requestParentConsent } from "~/lib/consent/consent-requests.server";
import { currentPrivacyNotice } from "~/lib/consent/privacy-notice.server";
import { revokeConsentUrl } from "~/lib/consent/revoke-link.server";
import { requestAddressChange } from "~/lib/contact-address/address-change.server";
import { db } from "~/kernel/db.server";
import { unsubscribeUrl } from "~/lib/email/suppression.server";
import { createEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const SPANISH = "es-MX,es;q=0.9,en;q=0.5";

let server: Awaited<ReturnType<typeof loadRouteServer>>;

beforeAll(async () => {
  await resetDatabase();
  await seedDemoContent();
  server = await loadRouteServer({ cspNonce: "nonce", requestId: "spanish-pages", clientIp: "198.51.100.31" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function page(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return server.handle(new Request(`${ORIGIN}${path}`, { ...init, headers: { "User-Agent": BROWSER, Accept: "text/html", ...headers } }));
}

const decode = (text: string) =>
  text.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/&nbsp;/g, " ");

/** What a reader sees or hears: text between tags, and the labels, placeholders and alternatives. */
function readableTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const between = [...body.matchAll(/>([^<]+)</g)].map((match) => match[1]!);
  const attributes = [...body.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((match) => match[1]!);
  return [...between, ...attributes].map((text) => decode(text).trim()).filter(Boolean);
}

describe("a page in Spanish", () => {
  it("shows a freshly seeded site's site text in Spanish: the built-in Spanish hero, subtitle and description (ADR 0057)", async () => {
    const html = decode(await (await page("/", { "Accept-Language": SPANISH })).text());
    expect(html).toContain("¡Únete a la tripulación!");
    expect(html).toContain("La aventura empieza pronto");
    expect(html).toContain("<p>Ve antes que nadie los tráileres");
    expect(html).toContain('<meta name="description" content="Únete a la tripulación de una nueva serie animada');
    for (const english of ["Join the Crew!", "The adventure starts soon", "Be first in line", "Join the crew of a new animated"]) expect(html).not.toContain(english);
    const english = decode(await (await page("/", { "Accept-Language": "en-US" })).text());
    expect(english).toContain("Join the Crew!");
    expect(english).toContain("The adventure starts soon");
  });

  it("is what an es-MX browser gets: lang, Content-Language and alternates, and no English message of its catalogs", async () => {
    const response = await page("/", { "Accept-Language": SPANISH });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Language")).toBe("es");
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${ORIGIN}/?lang=en"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${ORIGIN}/?lang=es"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${ORIGIN}/"/>`);
    expect(html).toContain("Conoce a la tripulación");
    expect(html).toContain("¿Cuándo naciste?");
    expect(html).toMatch(/<option value="1">enero<\/option>/);
    expect(html).toContain("<title>Vista Crew: únete a la lista de espera</title>");

    const english = englishOnly("common", "home");
    const left = readableTexts(html).filter((text) => english.has(text));
    expect(left).toEqual([]);
  });

  it("is the join page, the thank-you page, the leaderboard, the parent step and the dashboard, each with no English message of its catalogs", async () => {
    const { member } = await joinWaitlist({ email: "lupita@example.com" });
    const device = (await rememberDeviceMember(member.id)).split(";")[0]!;
    const session = await signInAs("lupita@example.com");
    const pages = [
      { path: "/join-waitlist", namespace: "join", shows: "¿Por qué unirte?" },
      { path: "/thank-you?welcome=new", namespace: "thank-you", shows: "¡Ya estás dentro!", cookie: device },
      { path: "/leaderboard", namespace: "leaderboard", shows: "Este mes" },
      { path: "/leaderboard?view=all-time", namespace: "leaderboard", shows: "Desde siempre" },
      { path: "/parent-consent", namespace: "parent-consent", shows: "Empieza desde el formulario para unirte." },
      { path: "/dashboard", namespace: "dashboard", shows: "Mi panel", cookie: session },
    ];
    for (const { path, namespace, shows, cookie } of pages) {
      const response = await page(path, { "Accept-Language": SPANISH, ...(cookie ? { Cookie: cookie } : {}) });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('<html lang="es"');
      expect(html, path).toContain(shows);
      const english = englishOnly("common", namespace);
      expect(readableTexts(html).filter((text) => english.has(text)), path).toEqual([]);
    }
  });

  it("is every other public and member page, with the answer's status, the words a reader notices, and no English message of its catalogs", async () => {
    const { member } = await joinWaitlist({ email: "rosa@example.com" });
    const session = await signInAs("rosa@example.com");
    await requestAddressChange(member, "rosa.nueva@example.org", { sessionId: await sessionIdOf("rosa@example.com") });
    const [changeMail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, "address_change"));
    const confirmAddressPath = /\/confirm-address\?token=[A-Za-z0-9_-]+/.exec(changeMail!.text)![0];
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    // A child asked from an English page: the parent's browser is Spanish, and so is the whole answer page.
    const agePass = { band: "under_consent_age" as const, childHashes: [], typed: [], expiresAt: Date.now() + 60_000 };
    await requestParentConsent({ parentEmail: "mama.rosa@example.com", agePass, referralCode: null, via: null, clientIp: "198.51.100.32", userAgent: BROWSER, siteLanguage: "en" });
    const [askMail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.toAddress, "mama.rosa@example.com"));
    const answerPath = /\/parent-consent\/answer\?token=[A-Za-z0-9_-]+/.exec(askMail!.text)![0];
    const pathOf = (url: string) => url.slice(new URL(url).origin.length);
    const pages: { path: string; namespace: string; status: number; shows: string[]; cookie?: string }[] = [
      { path: "/login", namespace: "login", status: 200, shows: ["Acceso de la tripulación", "Enviar enlace mágico", "Correo electrónico"] },
      { path: "/login?error=1", namespace: "login", status: 200, shows: ["Ese enlace para iniciar sesión no es válido, ya venció o ya se usó. Pide uno nuevo."] },
      { path: "/trailer", namespace: "trailer", status: 200, shows: ["<title>Ver el tráiler | Vista Crew</title>", "¿Todavía no estás en la tripulación?"] },
      { path: "/start", namespace: "trailer", status: 200, shows: ["Empieza tu aventura", "Toma tu brújula"] },
      { path: "/rewards", namespace: "rewards", status: 200, shows: ["Premios del mes", "Cómo ganar puntos", "Playera de la tripulación", "Termina el mes en el puesto #1 de la clasificación."] },
      { path: "/faq", namespace: "faq", status: 200, shows: ["Preguntas frecuentes", "¿Cómo funcionan las invitaciones?", "ahí apareces con un nombre de la tripulación"] },
      { path: "/contact", namespace: "contact", status: 200, shows: ["Envíanos un mensaje", "Tu nombre", "Horario de atención"] },
      { path: "/terms", namespace: "terms", status: 200, shows: ["Términos del servicio", "1. Aceptación de estos términos", "Última actualización: 27 may 2025"] },
      // The whole notice, in the Spanish notice's own version (ADR 0054).
      {
        path: "/privacy",
        namespace: "privacy",
        status: 200,
        shows: ["<title>Aviso de privacidad | Vista Crew</title>", "del aviso de privacidad, vigente desde el", "Qué recopilamos", "Menores de edad", "Cuánto tiempo lo guardamos"],
      },
      { path: "/hall-of-fame", namespace: "hall-of-fame", status: 200, shows: ["Salón de la Fama", "Pronto aparecerán aquí quienes ganen la primera temporada."] },
      { path: `/products/${product!.id}`, namespace: "product", status: 200, shows: ["Volver al inicio"] },
      { path: "/products/00000000-0000-0000-0000-000000000000", namespace: "product", status: 404, shows: ["No encontramos el producto"] },
      { path: "/no-such-page", namespace: "common", status: 404, shows: ["404 ¿Te perdiste?"] },
      { path: "/unauthorized", namespace: "unauthorized", status: 403, shows: ["¡Alto ahí!"] },
      { path: pathOf(unsubscribeUrl("rosa@example.com")), namespace: "unsubscribe", status: 200, shows: ["¿Darte de baja?"] },
      { path: "/unsubscribe?token=broken", namespace: "unsubscribe", status: 400, shows: ["Este enlace no funciona"] },
      { path: "/invite?code=broken", namespace: "invite", status: 404, shows: ["Este enlace no funciona", "Este enlace de invitación está incompleto o se modificó."] },
      { path: "/claim-prize?token=broken", namespace: "claim-prize", status: 404, shows: ["Este enlace no funciona", "Contáctanos"] },
      { path: `/confirm-email?token=${createEmailConfirmationToken(member.id)}`, namespace: "confirm-email", status: 200, shows: ["Confirma tu correo", "Confirmar mi correo"] },
      { path: "/confirm-email?token=broken", namespace: "confirm-email", status: 200, shows: ["Este enlace no funciona"] },
      { path: "/account/address", namespace: "address", status: 200, shows: ["Cambia tu correo electrónico", "Nuevo correo electrónico"], cookie: session },
      { path: "/account/address?sent=1", namespace: "address", status: 200, shows: ["Revisa tu nuevo correo"], cookie: session },
      { path: confirmAddressPath, namespace: "address", status: 200, shows: ["¿Usar este correo para tu membresía?"] },
      { path: "/confirm-address?token=broken", namespace: "address", status: 404, shows: ["Este enlace ya no funciona"] },
      { path: "/delete-my-data?token=broken", namespace: "delete-my-data", status: 404, shows: ["Este enlace no funciona"] },
      { path: "/delete-my-data?deleted=1", namespace: "delete-my-data", status: 200, shows: ["Tus datos se borraron"] },
      { path: answerPath, namespace: "parent-answer", status: 200, shows: ["¿Tu hija o tu hijo puede unirse a la tripulación?", "Sí, puede unirse", "Alguien en el sitio de"] },
      { path: "/parent-consent/answer?token=broken", namespace: "parent-answer", status: 404, shows: ["Este enlace ya no funciona"] },
      { path: pathOf(revokeConsentUrl(member.id)), namespace: "parent-answer", status: 404, shows: ["No hay nada que retirar"] },
    ];
    for (const { path, namespace, status, shows, cookie } of pages) {
      const response = await page(path, { "Accept-Language": SPANISH, ...(cookie ? { Cookie: cookie } : {}) });
      const html = await response.text();
      expect(response.status, path).toBe(status);
      expect(html, path).toContain('<html lang="es"');
      for (const text of shows) expect(decode(html), path).toContain(text);
      const namespaces = ["common", namespace];
      const english = englishOnly(...namespaces);
      const fragments = [...englishFragments(...namespaces)];
      const texts = readableTexts(html);
      expect(texts.filter((text) => english.has(text) || fragments.some((fragment) => text.includes(fragment))), path).toEqual([]);
    }
  });

  it("is the privacy notice in Spanish, naming the Spanish notice's version (the one a member joining on a Spanish page consents to)", async () => {
    const [spanish, english] = [await currentPrivacyNotice("es"), await currentPrivacyNotice("en")];
    expect(spanish.version).not.toBe(english.version);
    const html = decode(await (await page("/privacy", { "Accept-Language": SPANISH })).text());
    expect(html).toContain(`Versión ${spanish.version} del aviso de privacidad`);
    const englishHtml = decode(await (await page("/privacy", { "Accept-Language": "en-US" })).text());
    expect(englishHtml).toContain(`Privacy notice version ${english.version},`);
    expect(englishHtml).toContain("What we collect");
  });

  it("answers the contact form in Spanish: its field errors come from the contact page's catalog", async () => {
    const response = await page(
      "/contact",
      { "Accept-Language": SPANISH, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      { method: "POST", body: new URLSearchParams({ name: "", email: "ana@example.com", subject: "x".repeat(201), message: "" }) },
    );
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    for (const text of ["Escribe tu nombre.", "El asunto debe tener menos de 200 caracteres.", "Escribe tu mensaje."]) expect(html).toContain(text);
    const english = englishOnly("common", "contact");
    expect(readableTexts(html).filter((text) => english.has(text))).toEqual([]);
  });

  it("is English for the same browser once the visitor chose English, and Spanish again by `?lang=es`", async () => {
    const chosen = await page("/", { "Accept-Language": SPANISH, Cookie: "lc_lang=en" });
    expect(chosen.headers.get("Content-Language")).toBe("en");
    const html = await chosen.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Meet the crew");

    const linked = await page("/trailer?lang=es", { "Accept-Language": "en-US", Cookie: "lc_lang=en" });
    expect(linked.headers.getSetCookie().some((line) => line.startsWith("lc_lang=es;"))).toBe(true);
    const linkedHtml = await linked.text();
    expect(linkedHtml).toContain('<html lang="es"');
    expect(linkedHtml).toContain(`<link rel="canonical" href="${ORIGIN}/trailer?lang=es"/>`);
  });
});

describe("the language switcher", () => {
  const choose = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    page("/language", { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers }, { method: "POST", body: new URLSearchParams(fields) });

  it("keeps the choice and goes back to the page it was made on, without the `?lang=` that would overrule it", async () => {
    const response = await choose({ language: "es", redirectTo: "/leaderboard?view=all-time&lang=en" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/leaderboard?view=all-time");
    expect(response.headers.getSetCookie().find((line) => line.startsWith("lc_lang="))).toMatch(/^lc_lang=es; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("never sends the visitor to another site", async () => {
    for (const redirectTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await choose({ language: "en", redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/(?![/\\])/);
    }
  });

  it("refuses a language the site does not speak, and keeps nothing", async () => {
    for (const language of ["fr", "", "es".repeat(5000), "\u0000"]) {
      const response = await choose({ language, redirectTo: "/" });
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("also changes a signed-in member's own language, which their e-mails follow", async () => {
    await joinWaitlist({ email: "abuela@example.com" });
    const session = await signInAs("abuela@example.com");
    expect((await choose({ language: "es", redirectTo: "/dashboard" }, { Cookie: session })).status).toBe(302);
    const [member] = await db.select({ language: waitlistUsers.language }).from(waitlistUsers).where(eq(waitlistUsers.email, "abuela@example.com"));
    expect(member?.language).toBe("es");
  });
});
