import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, pointsLedger, products, sessions, users } from "../../db/schema";
import { seedDemoContent } from "../../db/seed";
import { signInAs } from "../auth-helpers";
import { loadRouteServer } from "../route-server";
import { requestAddressChange } from "~/lib/contact-address/address-change.server";
import { db } from "~/kernel/db.server";
import { deliverContactMessage } from "~/lib/email/contact.server";
import { getMailboxMessage } from "~/lib/email/outbox.server";
import { unsubscribeUrl } from "~/lib/email/suppression.server";
import { createTransport } from "~/lib/email/transport.server";
import { deliverDueEmails } from "~/lib/email/worker.server";
import { getEnv } from "~/kernel/env.server";
import { sendWelcomeTemplateTest, sendWinnerTemplateTest } from "~/lib/email/template-test.server";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners } from "~/lib/seasons/season-winners.server";
import { DEFAULT_SEASON_WINNER_EMAIL_HTML } from "~/lib/seasons/winner-email-template";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { inviteTeamMember } from "~/lib/team/team.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { DISABLE_AFTER_FAILING_MS, deliverDueWebhooks } from "~/lib/webhooks/delivery.server";
import { createWebhookEndpoint } from "~/lib/webhooks/endpoints.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";
import { requestOwnErasure } from "~/lib/privacy/erasure-link.server";

// Issue 16: 0 errors from the Nu HTML Checker (vnu-jar) on every public and member page
// and on the e-mails we send. Pages are server-rendered by the real route modules through
// Vite's dev server (no build needed); e-mails are read from the outbox after the real
// flows queue them. One JVM checks every file at once: it takes seconds to start.

const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
if (!hasJava) console.warn("valid-html: skipped, `java` is not on PATH (the Nu HTML Checker needs Java 11 or newer)");

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const ORIGIN = "http://localhost:3000";
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
// Seasons long past, as in the seasons tests: October 2024 in the site's zone.
const OCT_31_2359_LA = new Date("2024-11-01T06:59:00Z");
const JUST_AFTER_MIDNIGHT_LA = new Date("2024-11-01T07:00:01Z");
const MEMBER_EMAIL = "valid.html@example.com";

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; firstColumn?: number; lastColumn?: number; message: string; extract?: string };

/**
 * The development server inlines the stylesheet as critical CSS; production links
 * the built file, which the checker does not fetch. Its CSS checker also lags behind
 * Tailwind's (`@property`), so the inline copy is left out.
 */
function withoutDevelopmentCss(html: string): string {
  return html.replace(/<style data-react-router-critical-css[^>]*>[\s\S]*?<\/style>/, "");
}

/** A URL on this machine where nothing listens: every webhook delivery to it fails. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

function runNuHtmlChecker(files: string[]): VnuMessage[] {
  const result = spawnSync("java", ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`the Nu HTML Checker failed (status ${result.status}): ${result.error?.message ?? ""}${result.stdout}${result.stderr}`);
  // JSON goes to stderr.
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
}

describe.skipIf(!hasJava)("valid HTML (Nu HTML Checker)", () => {
  let server: Awaited<ReturnType<typeof loadRouteServer>> | undefined;
  let render: (pathname: string, cookie?: string) => Promise<{ status: number; html: string }>;

  beforeAll(async () => {
    await seedDemoContent();
    server = await loadRouteServer({ cspNonce: "valid-html-nonce", requestId: "valid-html", clientIp: "198.51.100.7" });
    const handle = server.handle;
    render = async (pathname, cookie) => {
      const headers = new Headers({ "User-Agent": BROWSER, Accept: "text/html", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" });
      if (cookie) headers.set("Cookie", cookie);
      const response = await handle(new Request(`${ORIGIN}${pathname}`, { headers }));
      return { status: response.status, html: await response.text() };
    };
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("finds no errors on every public and member page and on the rendered e-mails", async () => {
    // Data that makes each page show its lists (members, products, a season's winners),
    // and every kind of e-mail in the outbox.
    const [admin] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, "admin"));
    await createWebhookEndpoint({ url: await closedPortUrl(), description: "CRM", events: ["member.joined"] }, admin!.id);
    const { member } = await joinWaitlist({ email: MEMBER_EMAIL });
    let clock = Date.now();
    const now = () => new Date(clock);
    await deliverDueWebhooks({ now, policy: { allowPrivate: true } });
    clock += DISABLE_AFTER_FAILING_MS;
    await deliverDueWebhooks({ now, policy: { allowPrivate: true } });
    await db.insert(pointsLedger).values({ memberId: member.id, delta: 40, reason: "admin_adjustment", createdAt: OCT_31_2359_LA });
    await freezeDueSeasons(JUST_AFTER_MIDNIGHT_LA);
    await confirmSeasonWinners("2024-10-01", admin!.id);
    const [product] = await db.select({ id: products.id }).from(products).orderBy(products.createdAt).limit(1);
    // As it goes out: a sign-up queues its welcome e-mail unrendered (ADR 0038).
    const [queued] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "welcome")).orderBy(desc(emailOutbox.id)).limit(1);
    const welcome = queued && (await getMailboxMessage(queued.id));
    const confirmPath = welcome?.text.match(/\/confirm-email\?token=[^\s]+/)?.[0];
    expect(confirmPath, "the welcome e-mail holds a confirmation link").toBeDefined();

    const [winnerMail] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "season_winner")).limit(1);
    const claimPath = winnerMail && (await getMailboxMessage(winnerMail.id))?.text.match(/\/claim-prize\?token=[^\s]+/)?.[0];
    expect(claimPath, "the winner e-mail holds a claim link").toBeDefined();

    const deviceCookie = (await rememberDeviceMember(member.id)).split(";")[0];
    const sessionCookie = await signInAs(MEMBER_EMAIL);
    await requestMagicLink({ email: "not.a.member@example.com", clientIp: "127.0.0.1" });
    const [session] = await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, MEMBER_EMAIL));
    await requestOwnErasure({ memberId: member.id, sessionId: session!.id });
    const [erasureMail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.kind, "erasure_confirmation"));
    const erasurePath = erasureMail?.text.match(/\/delete-my-data\?token=[^\s]+/)?.[0];
    expect(erasurePath, "the erasure e-mail holds a confirmation link").toBeDefined();
    await deliverContactMessage({ name: "Pat Parent", email: "pat@example.com", subject: "Hello & welcome", message: "First line\nsecond line.\n\nA new paragraph <b>not bold</b>." }, "198.51.100.9");
    await inviteTeamMember({ email: "new.editor@example.com", role: "editor" }, { id: admin!.id, role: "owner" });
    await sendWelcomeTemplateTest({ adminEmail: admin!.email, templateHtml: await getSiteSetting("welcomeEmailTemplateHtml") });
    await sendWinnerTemplateTest({ adminEmail: admin!.email, templateHtml: DEFAULT_SEASON_WINNER_EMAIL_HTML });
    await requestAddressChange(member, "moved.member@example.org", { sessionId: session!.id });
    const [changeMail] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "address_change"));
    const confirmAddressPath = /\/confirm-address\?token=[A-Za-z0-9_-]+/.exec(changeMail!.text)?.[0];

    // `shows`: what proves the page rendered the state meant (a list, the member).
    const pages: { name: string; path: string; cookie?: string; status: number; shows?: string }[] = [
      { name: "home", path: "/", status: 200 },
      { name: "home-es", path: "/?lang=es", status: 200, shows: "Conoce a la tripulación" },
      { name: "join-waitlist-es", path: "/join-waitlist?lang=es", status: 200, shows: "¿Cuándo naciste?" },
      { name: "trailer", path: "/trailer", status: 200 },
      { name: "join-waitlist", path: "/join-waitlist", status: 200 },
      { name: "leaderboard", path: "/leaderboard", status: 200, shows: 'data-testid="leaderboard-row"' },
      { name: "leaderboard-all-time", path: "/leaderboard?view=all-time", status: 200, shows: 'data-testid="leaderboard-row"' },
      { name: "rewards", path: "/rewards", status: 200 },
      { name: "hall-of-fame", path: "/hall-of-fame", status: 200, shows: 'data-testid="hall-of-fame-season"' },
      { name: "faq", path: "/faq", status: 200 },
      { name: "contact", path: "/contact", status: 200 },
      { name: "start", path: "/start", status: 200 },
      { name: "terms", path: "/terms", status: 200 },
      { name: "privacy", path: "/privacy", status: 200, shows: "never confirmed: 30 days after joining" },
      { name: "product", path: `/products/${product!.id}`, status: 200 },
      { name: "product-missing", path: "/products/00000000-0000-0000-0000-000000000000", status: 404 },
      { name: "not-found", path: "/no-such-page", status: 404 },
      { name: "login", path: "/login", status: 200 },
      { name: "unauthorized", path: "/unauthorized", status: 403 },
      { name: "confirm-email", path: confirmPath!, status: 200, shows: "Confirm my e-mail" },
      { name: "confirm-email-broken", path: "/confirm-email?token=broken", status: 200 },
      { name: "claim-prize", path: claimPath!, status: 200, shows: "What month and year were you born?" },
      { name: "claim-prize-broken", path: "/claim-prize?token=broken", status: 404 },
      { name: "unsubscribe", path: new URL(unsubscribeUrl(MEMBER_EMAIL)).href.slice(getEnv().origin.length), status: 200, shows: "Unsubscribe?" },
      { name: "unsubscribe-broken", path: "/unsubscribe?token=broken", status: 400 },
      { name: "delete-my-data", path: erasurePath!, status: 200, shows: "Delete everything" },
      { name: "delete-my-data-broken", path: "/delete-my-data?token=broken", status: 404 },
      { name: "embed-join", path: "/embed/join", status: 200 },
      { name: "thank-you", path: "/thank-you", cookie: deviceCookie, status: 200, shows: member.referralCode },
      { name: "thank-you-es", path: "/thank-you?welcome=new&lang=es", cookie: deviceCookie, status: 200, shows: "¡Ya estás dentro!" },
      { name: "leaderboard-es", path: "/leaderboard?lang=es", status: 200, shows: "Este mes" },
      { name: "thank-you-no-member", path: "/thank-you", status: 200 },
      { name: "dashboard", path: "/dashboard", cookie: sessionCookie, status: 200, shows: "Download my data" },
      { name: "leaderboard-member", path: "/leaderboard", cookie: sessionCookie, status: 200, shows: "Your standing" },
      { name: "account-address", path: "/account/address", cookie: sessionCookie, status: 200, shows: "New e-mail address" },
      { name: "confirm-address", path: confirmAddressPath!, status: 200, shows: "Confirm my new address" },
      { name: "confirm-address-broken", path: "/confirm-address?token=broken", status: 404 },
      { name: "parent-consent", path: "/parent-consent", status: 200 },
      { name: "parent-consent-answer-broken", path: "/parent-consent/answer?token=broken", status: 404 },
      // The same pages in Spanish (issue 31).
      { name: "trailer-es", path: "/trailer?lang=es", status: 200, shows: "¿Todavía no estás en la tripulación?" },
      { name: "rewards-es", path: "/rewards?lang=es", status: 200, shows: "Cómo ganar puntos" },
      { name: "hall-of-fame-es", path: "/hall-of-fame?lang=es", status: 200, shows: "octubre de 2024" },
      { name: "faq-es", path: "/faq?lang=es", status: 200, shows: "Preguntas frecuentes" },
      { name: "contact-es", path: "/contact?lang=es", status: 200, shows: "Envíanos un mensaje" },
      { name: "start-es", path: "/start?lang=es", status: 200, shows: "Empieza tu aventura" },
      { name: "terms-es", path: "/terms?lang=es", status: 200, shows: "Aceptación de estos términos" },
      { name: "privacy-es", path: "/privacy?lang=es", status: 200, shows: "aviso de privacidad, vigente desde el" },
      { name: "product-es", path: `/products/${product!.id}?lang=es`, status: 200, shows: "Volver al inicio" },
      { name: "product-missing-es", path: "/products/00000000-0000-0000-0000-000000000000?lang=es", status: 404, shows: "No encontramos el producto" },
      { name: "not-found-es", path: "/no-such-page?lang=es", status: 404 },
      { name: "login-es", path: "/login?lang=es", status: 200, shows: "Enviar enlace mágico" },
      { name: "unauthorized-es", path: "/unauthorized?lang=es", status: 403 },
      { name: "confirm-email-es", path: `${confirmPath!}&lang=es`, status: 200, shows: "Confirmar mi correo" },
      { name: "confirm-email-broken-es", path: "/confirm-email?token=broken&lang=es", status: 200, shows: "Este enlace no funciona" },
      { name: "claim-prize-es", path: `${claimPath!}&lang=es`, status: 200, shows: "¿En qué mes y año naciste?" },
      { name: "claim-prize-broken-es", path: "/claim-prize?token=broken&lang=es", status: 404 },
      { name: "unsubscribe-es", path: `${new URL(unsubscribeUrl(MEMBER_EMAIL)).href.slice(getEnv().origin.length)}&lang=es`, status: 200, shows: "¿Darte de baja?" },
      { name: "unsubscribe-broken-es", path: "/unsubscribe?token=broken&lang=es", status: 400 },
      { name: "delete-my-data-es", path: `${erasurePath!}&lang=es`, status: 200, shows: "Borrar todo" },
      { name: "delete-my-data-broken-es", path: "/delete-my-data?token=broken&lang=es", status: 404 },
      { name: "account-address-es", path: "/account/address?lang=es", cookie: sessionCookie, status: 200, shows: "Nuevo correo electrónico" },
      { name: "confirm-address-es", path: `${confirmAddressPath!}&lang=es`, status: 200, shows: "Confirmar mi nueva dirección" },
      { name: "confirm-address-broken-es", path: "/confirm-address?token=broken&lang=es", status: 404 },
      { name: "parent-consent-answer-broken-es", path: "/parent-consent/answer?token=broken&lang=es", status: 404 },
      { name: "invite-broken-es", path: "/invite?code=broken&lang=es", status: 404 },
    ];

    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "valid-html-"));
    try {
      const files: string[] = [];
      for (const page of pages) {
        const { status, html } = await render(page.path, page.cookie);
        expect(status, `${page.path} answers ${page.status}`).toBe(page.status);
        if (page.shows) expect(html, `${page.name} shows ${page.shows}`).toContain(page.shows);
        const file = path.join(directory, `page-${page.name}.html`);
        fs.writeFileSync(file, withoutDevelopmentCss(html));
        files.push(file);
      }
      // Sent (local mail mode keeps them): optional ones now carry their unsubscribe line.
      await deliverDueEmails(createTransport(getEnv()));
      const queued = await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(emailOutbox.id);
      const emails = (await Promise.all(queued.map(({ id }) => getMailboxMessage(id)))).filter((email) => email !== null);
      const kinds = new Set(emails.map((email) => email.kind));
      expect(emails.filter((email) => email.kind === "welcome" || email.kind === "season_winner").every((email) => email.html.includes("/unsubscribe?token="))).toBe(true);
      expect([...kinds].sort()).toEqual(["address_change", "contact", "erasure_confirmation", "magic_link", "season_winner", "team_invite", "template_test", "webhook_disabled", "welcome"]);
      for (const email of emails) {
        if (!email.html) continue;
        const file = path.join(directory, `email-${email.kind}-${email.id}.html`);
        fs.writeFileSync(file, email.html);
        files.push(file);
      }

      const errors = runNuHtmlChecker(files).filter((message) => message.type === "error" || message.subType === "fatal");
      const report = errors.map((error) => `${path.basename(decodeURIComponent(new URL(error.url).pathname))}:${error.lastLine ?? "?"}:${error.firstColumn ?? error.lastColumn ?? "?"} ${error.message}${error.extract ? `\n    ${error.extract.replace(/\s+/g, " ").trim()}` : ""}`);
      expect(errors.length, `the Nu HTML Checker found ${errors.length} error(s):\n${report.join("\n")}\n`).toBe(0);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 240_000);
});

