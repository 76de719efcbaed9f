// Issue 31, the admin's words per language (ADR 0054): site text and the welcome and winner
// e-mails are written per language in the back office, with a history each; a Spanish
// page or member gets the Spanish where it is written and the English where it is not.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcasts, broadcastTranslations, emailOutbox, users, waitlistUsers } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { loadRouteServer } from "../route-server";
import { getContent, getContentTranslation, saveContent } from "~/lib/content/content.server";
import { db } from "~/kernel/db.server";
import { renderQueuedEmail } from "~/lib/email/queued-render.server";
import { getWinnerTemplates, queueWinnerEmail } from "~/lib/seasons/winner-email.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";
import { action as broadcastsAction } from "~/routes/admin/broadcasts";
import { action as seasonsAction } from "~/routes/admin/seasons";
import { action as textEditorAction } from "~/routes/admin/text-editor";
import { action as welcomeAction } from "~/routes/admin/welcome-email-editor";

const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const context = { cspNonce: "nonce", requestId: "content-languages", clientIp: "198.51.100.54" };
type Answer = { ok: boolean; toast: { title: string; description?: string } };
type Action = (args: { request: Request; params: Record<string, string>; context: typeof context }) => Promise<unknown>;

let server: Awaited<ReturnType<typeof loadRouteServer>>;
let owner: string;

beforeAll(async () => {
  server = await loadRouteServer(context);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await resetDatabase();
  owner = await signInAs("admin@example.com"); // ADMIN_EMAILS in local mode: the team's owner
  await db.insert(users).values({ id: "admin-1", name: "Editor", email: "editor@example.com", role: "admin" });
});

async function post(action: unknown, path: string, fields: Record<string, string>): Promise<{ status: number; answer: Answer }> {
  const request = requestWithCookie(path, owner, { method: "POST", body: new URLSearchParams(fields) });
  const result = (await (action as Action)({ request, params: {}, context })) as { data: Answer; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, answer: result.data };
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await server.handle(new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER, Accept: "text/html", ...headers } }));
  return { status: response.status, html: await response.text() };
}

const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("the Text & HTML Content Editor per language", () => {
  it("saves the Español tab without changing the English, and each tab shows its own history", async () => {
    await saveContent({ homepageMainTitleLine1: "Join us!", homepageMainSubtitle: "<p>Adventure awaits.</p>" }, "admin-1");
    const saved = await post(textEditorAction, "/admin/text-editor?language=es", {
      language: "es",
      homepageMainTitleLine1: "¡Únete a la tripulación!",
      homepageMainTitleLine2: "",
      homepageMainSubtitle: "<p></p>",
      homepageMetaDescription: "",
      confirmationPageTitle: "",
      confirmationPageMessage: "",
    });
    expect(saved).toMatchObject({ status: 200, answer: { ok: true, toast: { title: "Content Saved!", description: "Saved Main Title Line 1 (Spanish)." } } });
    expect((await getContent(["homepageMainTitleLine1"])).homepageMainTitleLine1).toBe("Join us!");

    const spanishHistory = await page("/api/content-history?name=homepageMainTitleLine1&language=es", { Cookie: owner, Accept: "application/json" });
    expect(JSON.parse(spanishHistory.html).entries.map((entry: { value: string }) => entry.value)).toEqual(["¡Únete a la tripulación!"]);
    const englishHistory = await page("/api/content-history?name=homepageMainTitleLine1", { Cookie: owner, Accept: "application/json" });
    expect(JSON.parse(englishHistory.html).entries.map((entry: { value: string }) => entry.value)).toEqual(["Join us!"]);

    // The Español tab: the translation in its field, "Not translated" beside every other field.
    const spanishTab = await page("/admin/text-editor?language=es", { Cookie: owner });
    expect(spanishTab.status).toBe(200);
    expect(decode(spanishTab.html)).toContain('value="¡Únete a la tripulación!"');
    expect(spanishTab.html.match(/Not translated/g)).toHaveLength(5);
    expect(spanishTab.html).toContain('aria-current="page" lang="es"');
    const englishTab = await page("/admin/text-editor", { Cookie: owner });
    expect(decode(englishTab.html)).toContain('value="Join us!"');
    expect(englishTab.html).not.toContain("Not translated");
  });

  it("refuses a language the site does not speak, and a field too long, changing nothing", async () => {
    const unknown = await post(textEditorAction, "/admin/text-editor", { language: "fr", homepageMainTitleLine1: "Rejoignez-nous" });
    expect(unknown).toMatchObject({ status: 400, answer: { ok: false, toast: { title: "Update Failed", description: "Could not save text content. Choose English or Spanish." } } });
    const tooLong = await post(textEditorAction, "/admin/text-editor", { language: "es", homepageMainTitleLine1: "¡".repeat(301) });
    expect(tooLong).toMatchObject({ status: 400, answer: { ok: false } });
    expect((await getContentTranslation("es", ["homepageMainTitleLine1"])).untranslated).toEqual(["homepageMainTitleLine1"]);
    expect((await page("/admin/text-editor?language=fr", { Cookie: owner })).status).toBe(400);
    expect((await page("/api/content-history?name=homepageMainTitleLine1&language=fr", { Cookie: owner, Accept: "application/json" })).status).toBe(400);
  });
});

describe("public pages read the site text in their language", () => {
  it("shows Spanish readers the admin's English of a field rewritten in English only, and the built-in Spanish of the untouched ones (ADR 0057)", async () => {
    await saveContent({ homepageMainTitleLine1: "Sail with us!" }, "admin-1");
    const customised = decode((await page("/?lang=es")).html);
    expect(customised).toContain("Sail with us!");
    expect(customised).not.toContain("¡Únete a la tripulación!");
    expect(customised).toContain("La aventura empieza pronto"); // still untouched in English: still the built-in Spanish
    const english = decode((await page("/", { "Accept-Language": "en-US" })).html);
    expect(english).toContain("Sail with us!");
    expect(english).toContain("The adventure starts soon");
  });

  it("shows the Spanish home page's translated fields and the English of the rest, and the English page stays English", async () => {
    await saveContent({ homepageMainTitleLine1: "Join the Crew!", homepageMainSubtitle: "<p>Adventure awaits.</p>", homepageMetaDescription: "A new series." }, "admin-1");
    await saveContent({ homepageMainTitleLine1: "¡Únete a la tripulación!", homepageMetaDescription: "Una serie nueva." }, "admin-1", "es");

    const spanish = decode((await page("/?lang=es")).html);
    expect(spanish).toContain("¡Únete a la tripulación!");
    expect(spanish).toContain("<p>Adventure awaits.</p>"); // not translated: the English
    expect(spanish).toContain('<meta name="description" content="Una serie nueva."/>');

    const english = decode((await page("/", { "Accept-Language": "en-US" })).html);
    expect(english).toContain("Join the Crew!");
    expect(english).not.toContain("¡Únete a la tripulación!");
    expect(english).toContain('<meta name="description" content="A new series."/>');
  });

  it("shows the thank-you page's title and message in Spanish where written", async () => {
    await saveContent({ confirmationPageTitle: "Thanks for joining", confirmationPageMessage: "<p>Share your link.</p>" }, "admin-1");
    await saveContent({ confirmationPageMessage: "<p>Comparte tu enlace.</p>" }, "admin-1", "es");
    const { member } = await joinWaitlist({ email: "lupita@example.com", language: "es" });
    const cookie = (await rememberDeviceMember(member.id)).split(";")[0]!;
    const spanish = decode((await page("/thank-you", { Cookie: cookie, "Accept-Language": "es-MX" })).html);
    expect(spanish).toContain("<p>Comparte tu enlace.</p>");
    expect(spanish).toContain("Thanks for joining"); // not translated: the English
    const english = decode((await page("/thank-you", { Cookie: cookie, "Accept-Language": "en-US" })).html);
    expect(english).toContain("<p>Share your link.</p>");
  });
});

describe("e-mails in the member's language", () => {
  async function welcomeOf(email: string) {
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return renderQueuedEmail({ kind: queued!.kind, to: queued!.toAddress, templateData: queued!.templateData });
  }

  it("welcomes a Spanish member with the Spanish template and an English member with the English one", async () => {
    const saved = await post(welcomeAction, "/admin/welcome-email-editor?language=es", { language: "es", intent: "save", welcomeEmailTemplateHtml: "<p>¡Bienvenido, {{USER_EMAIL}}!</p>" });
    expect(saved).toMatchObject({ status: 200, answer: { ok: true } });
    await saveContent({ welcomeEmailTemplateHtml: "<p>Welcome aboard, {{USER_EMAIL}}!</p>" }, "admin-1");
    await joinWaitlist({ email: "lupita@example.com", language: "es" });
    await joinWaitlist({ email: "jamie@example.com", language: "en" });

    const spanish = await welcomeOf("lupita@example.com");
    expect(spanish.text).toContain("¡Bienvenido, lupita@example.com!");
    expect(spanish.text).not.toContain("Welcome aboard");
    const english = await welcomeOf("jamie@example.com");
    expect(english.text).toContain("Welcome aboard, jamie@example.com!");
    expect(english.text).not.toContain("¡Bienvenido");
  });

  it("gives a Spanish member the English template once the Spanish one is emptied", async () => {
    await saveContent({ welcomeEmailTemplateHtml: "<p>Welcome aboard!</p>" }, "admin-1");
    await saveContent({ welcomeEmailTemplateHtml: "<p>¡Bienvenido!</p>" }, "admin-1", "es");
    const emptied = await post(welcomeAction, "/admin/welcome-email-editor?language=es", { language: "es", intent: "save", welcomeEmailTemplateHtml: "<p></p>" });
    expect(emptied.status).toBe(200);
    await joinWaitlist({ email: "lupita@example.com", language: "es" });
    expect((await welcomeOf("lupita@example.com")).text).toContain("Welcome aboard!");
  });

  it("writes to a Spanish winner with the Spanish winner template saved on the Seasons screen's Español tab", async () => {
    await saveContent({ seasonWinnerEmailTemplateHtml: "<p>Congratulations {{NICKNAME}}: {{PRIZE}}</p>" }, "admin-1");
    const untranslated = await page("/admin/seasons?language=es", { Cookie: owner });
    expect(untranslated.html).toContain("Not translated");
    const saved = await post(seasonsAction, "/admin/seasons?language=es", { intent: "template", language: "es", seasonWinnerEmailTemplateHtml: "<p>¡Felicidades {{NICKNAME}}: {{PRIZE}}!</p>" });
    expect(saved).toMatchObject({ status: 200, answer: { ok: true, toast: { title: "Template Updated!" } } });
    expect((await page("/admin/seasons?language=es", { Cookie: owner })).html).not.toContain("Not translated");
    const { member: lupita } = await joinWaitlist({ email: "lupita@example.com", language: "es" });
    const { member: jamie } = await joinWaitlist({ email: "jamie@example.com", language: "en" });
    const templates = await getWinnerTemplates();
    for (const winner of [lupita, jamie]) {
      await queueWinnerEmail(db, "2026-10-01", templates, { memberId: winner.id, email: winner.email, nickname: "Brave Otter 42", rank: 1, prize: "T-shirt", parentConsented: false });
    }
    const mails = await db.select({ to: emailOutbox.toAddress, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, "season_winner"));
    expect(mails.find((mail) => mail.to === "lupita@example.com")?.text).toContain("¡Felicidades Brave Otter 42: T-shirt!");
    expect(mails.find((mail) => mail.to === "jamie@example.com")?.text).toContain("Congratulations Brave Otter 42: T-shirt");
  });
});

describe("an e-mail whose template falls back to English is English throughout (ADR 0057)", () => {
  async function winnerMailTo(member: { id: string; email: string }) {
    await queueWinnerEmail(db, "2026-10-01", await getWinnerTemplates(), { memberId: member.id, email: member.email, nickname: "Brave Otter 42", rank: 1, prize: "T-shirt", parentConsented: false });
    const [mail] = await db.select({ subject: emailOutbox.subject, html: emailOutbox.html, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.toAddress, member.email));
    return mail!;
  }

  it("writes to a Spanish winner on a fresh site in Spanish, the built-in template too", async () => {
    const { member } = await joinWaitlist({ email: "lupita@example.com", language: "es" });
    await db.delete(emailOutbox);
    const mail = await winnerMailTo(member);
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
    expect(mail.subject).not.toMatch(/^Congratulations/);
    expect(mail.text).toContain("¡Hola, Brave Otter 42! Terminaste en el puesto #1");
    expect(mail.text).not.toContain("Claim your prize");
    expect(mail.text).not.toContain("Hi Brave Otter 42");
  });

  it("writes to a Spanish winner in English, frame and subject too, once an admin rewrote the English template and did not translate it", async () => {
    await saveContent({ seasonWinnerEmailTemplateHtml: "<p>Way to go {{NICKNAME}}: {{PRIZE}}</p>" }, "admin-1");
    const { member } = await joinWaitlist({ email: "lupita@example.com", language: "es" });
    await db.delete(emailOutbox);
    const mail = await winnerMailTo(member);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(mail.subject).toMatch(/^Congratulations — you are a .* winner for October 2026!$/);
    expect(mail.html).toContain("Claim your prize");
    expect(mail.text).toContain("Way to go Brave Otter 42: T-shirt");
  });
});

describe("a broadcast's Español tab", () => {
  const compose = { intent: "create", subject: "Launch day!", html: "<p>It's here.</p>", audienceKind: "confirmed", tag: "", language: "", season: "", when: "now", scheduledAt: "" };

  it("refuses a Spanish subject without a Spanish message, creating nothing", async () => {
    const { member } = await joinWaitlist({ email: "lupita@example.com", language: "es" });
    await db.update(waitlistUsers).set({ confirmedEmail: true }).where(eq(waitlistUsers.id, member.id));
    const refused = await post(broadcastsAction, "/admin/broadcasts?language=es", { ...compose, "subject:es": "¡Llegó el día!", "html:es": "<p></p>" });
    expect(refused).toMatchObject({
      status: 400,
      answer: { ok: false, toast: { description: "Could not start the broadcast. Write both the Spanish subject and the Spanish message, or leave both empty to send the English to everyone." } },
    });
    expect(await db.select().from(broadcasts)).toEqual([]);
  });

  it("is stored with the broadcast; the preview says who gets which version", async () => {
    for (const [local, language] of [["lupita", "es"], ["jamie", "en"], ["sam", "en"]] as const) {
      const { member } = await joinWaitlist({ email: `${local}@example.com`, language });
      await db.update(waitlistUsers).set({ confirmedEmail: true }).where(eq(waitlistUsers.id, member.id));
    }
    const spanish = { "subject:es": "¡Llegó el día!", "html:es": "<p>Ya está aquí.</p>" };
    const preview = await post(broadcastsAction, "/admin/broadcasts", { ...compose, ...spanish, intent: "preview" });
    expect((preview.answer as Answer & { value: { versions: unknown } }).value.versions).toEqual([
      { language: "English", subject: "Launch day!", members: 2 },
      { language: "Spanish", subject: "¡Llegó el día!", members: 1 },
    ]);
    const created = await post(broadcastsAction, "/admin/broadcasts", { ...compose, ...spanish });
    expect(created).toMatchObject({ status: 200, answer: { ok: true, toast: { title: "Broadcast Started!" } } });
    const translated = await db.select({ language: broadcastTranslations.language, subject: broadcastTranslations.subject, html: broadcastTranslations.html }).from(broadcastTranslations);
    expect(translated).toEqual([{ language: "es", subject: "¡Llegó el día!", html: "<p>Ya está aquí.</p>" }]);
  });
});
