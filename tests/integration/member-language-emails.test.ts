// Issue 31: every e-mail to a member (or a parent) is written in their language: the frame,
// the sign-in, welcome, consent, address-change, erasure, wave-invite and broadcast e-mails,
// and the unsubscribe line the sender adds. A test compares the Spanish mail against the
// English e-mail catalog, so no English sentence of ours is left in it.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, sessions, users, waitlistUsers } from "../../db/schema";
import { adminActor } from "~/lib/audit/actor";
import { answerConsentRequest, findPendingConsent } from "~/lib/consent/consent-requests.server";
import { runConsentSchedule } from "~/lib/consent/consent-schedule.server";
import { requestAddressChange } from "~/lib/contact-address/address-change.server";
import { db } from "~/kernel/db.server";
import { sendMagicLinkEmail } from "~/lib/email/auth-emails.server";
import type { MailTransport } from "~/lib/email/transport.server";
import { deliverDueEmails } from "~/lib/email/worker.server";
import { advanceBroadcasts } from "~/lib/launch/broadcasts/broadcast-queue.server";
import { sendNextBroadcastBatch } from "~/lib/launch/broadcasts/broadcast-sender.server";
import { BroadcastInputSchema } from "~/lib/launch/broadcasts/broadcast.schema";
import { createBroadcast } from "~/lib/launch/broadcasts/broadcasts.server";
import { inviteWave } from "~/lib/launch/waves.server";
import { requestOwnErasure } from "~/lib/privacy/erasure-link.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { saveContent } from "~/lib/content/content.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as parentAction } from "~/routes/parent-consent";
import { signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { englishFragments, englishOnly } from "../english-messages";

const ORIGIN = "http://localhost:3000";
const ADMIN = { id: "admin-1", email: "boss@example.com" };
type Sent = { to: string; subject: string; html: string; text: string };
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: ADMIN.id, name: "Boss", email: ADMIN.email, role: "admin" });
  await saveSiteSettings({ broadcastMessagesPerMinute: 60_000 }, ADMIN.id);
});

function recordingTransport() {
  const sent: Sent[] = [];
  const transport: MailTransport = { kind: "local", send: async (message) => void sent.push(message), close: () => undefined };
  return { sent, transport };
}

/** Sends everything due now (the welcome e-mails are rendered as they go) and answers what went, per address. */
async function deliverAll(): Promise<Sent[]> {
  const { sent, transport } = recordingTransport();
  await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` });
  while ((await deliverDueEmails(transport)) > 0);
  for (let i = 0; i < 100 && (await sendNextBroadcastBatch(transport)).claimed > 0; i++);
  return sent;
}

const ENGLISH_ONLY = [...englishOnly("emails"), ...englishFragments("emails")];

function expectSpanish(mail: Sent | undefined) {
  expect(mail, "the e-mail was sent").toBeDefined();
  expect(mail!.html).toMatch(/^<!doctype html><html lang="es">/);
  const left = ENGLISH_ONLY.filter((message) => mail!.text.includes(message) || mail!.subject.includes(message));
  expect(left, "English left in a Spanish e-mail").toEqual([]);
}

async function spanishMember(localPart: string, points = 0) {
  const { member } = await joinWaitlist({ email: `${localPart}@example.com`, language: "es" });
  await db.update(waitlistUsers).set({ points, confirmedEmail: true }).where(eq(waitlistUsers.id, member.id));
  return member;
}

describe("e-mails in the member's language", () => {
  it("welcomes a Spanish-speaking member in Spanish, with the unsubscribe line in Spanish, and an English one in English", async () => {
    await spanishMember("lupita");
    await joinWaitlist({ email: "jamie@example.com", language: "en" });
    const sent = await deliverAll();
    const lupita = sent.find((mail) => mail.to === "lupita@example.com");
    expectSpanish(lupita);
    expect(lupita!.subject).toMatch(/^¡Te damos la bienvenida a /);
    expect(lupita!.html).toContain("Confirmar mi correo");
    expect(lupita!.text).toMatch(/Darte de baja: http:\/\/localhost:3000\/unsubscribe\?token=/);
    const jamie = sent.find((mail) => mail.to === "jamie@example.com")!;
    expect(jamie.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(jamie.subject).toMatch(/^Welcome to /);
    expect(jamie.text).toContain("Unsubscribe: ");
  });

  it("follows the member's language when they switch, not the page they ask for a sign-in link on", async () => {
    const member = await spanishMember("rosa");
    await db.delete(emailOutbox);
    await sendMagicLinkEmail({ email: "rosa@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=a`, pageLanguage: "en" });
    expectSpanish((await deliverAll()).find((mail) => mail.to === "rosa@example.com"));
    await db.update(waitlistUsers).set({ language: "en" }).where(eq(waitlistUsers.id, member.id));
    await sendMagicLinkEmail({ email: "rosa@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=b` });
    const [english] = await deliverAll();
    expect(english!.subject).toMatch(/^Your sign-in link for /);
  });

  it("writes a sign-in link for an address that is no member's in the language of the page that asked", async () => {
    await sendMagicLinkEmail({ email: "staff.to.be@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=c`, pageLanguage: "es" });
    const [mail] = await deliverAll();
    expectSpanish(mail);
    expect(mail!.subject).toMatch(/^Tu enlace para entrar en /);
    await sendMagicLinkEmail({ email: "staff.to.be@example.com", url: `${ORIGIN}/api/auth/magic-link/verify?token=d`, pageLanguage: "<script>" });
    expect((await deliverAll())[0]!.subject).toMatch(/^Your sign-in link for /);
  });

  it("asks a parent in the child's browser's language, names the country in it, and confirms the approval in it", async () => {
    const spanish = { "Accept-Language": "es-MX,es;q=0.9" };
    const childBirth = { birthMonth: "6", birthYear: String(new Date().getUTCFullYear() - 9) };
    const post = async (action: unknown, path: string, fields: Record<string, string>, headers: Record<string, string>) =>
      (await (action as Action)({
        request: new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers }),
        params: {},
        context: { cspNonce: "", requestId: "test", clientIp: "203.0.113.77" },
      })) as Response;
    const asked = await post(joinAction, "/join-waitlist", { email: "nino@example.com", ...childBirth, language: "es-MX" }, spanish);
    const cookie = asked.headers.getSetCookie().find((line) => line.startsWith("lc_age="))!.split(";")[0]!;
    expect((await post(parentAction, "/parent-consent", { parentEmail: "mama@example.com", language: "es-MX" }, { ...spanish, Cookie: cookie })).status).toBe(302);

    const [notice] = await deliverAll();
    expectSpanish(notice);
    expect(notice!.subject).toMatch(/necesitamos tu permiso$/);
    expect(notice!.text).toContain("en México");
    expect(notice!.text).toContain("Revisar y responder: ");
    const token = /\/parent-consent\/answer\?token=([A-Za-z0-9_-]+)/.exec(notice!.text)![1]!;
    // The page the parent answers on speaks the page's language; without one, the e-mail's.
    expect((await findPendingConsent(token))!.noticeLines[0]).toMatch(/^Alguien en el sitio de /);
    expect((await findPendingConsent(token, "en"))!.noticeLines[0]).toMatch(/^Someone on the .* website/);

    await answerConsentRequest(token, "approve");
    await db.update(waitlistUsers).set({ consentConfirmationDueAt: sql`now() - interval '1 minute'` }).where(eq(waitlistUsers.email, "mama@example.com"));
    await runConsentSchedule();
    const sent = await deliverAll();
    const confirmation = sent.find((mail) => mail.subject.startsWith("Dijiste que sí"));
    expectSpanish(confirmation);
    expect(confirmation!.text).toContain("Retirar mi permiso: ");
    for (const mail of sent) expectSpanish(mail);
  });

  it("asks a Spanish-speaking member to confirm a new address and to confirm an erasure in Spanish", async () => {
    const member = await spanishMember("pilar");
    await db.delete(emailOutbox);
    await signInAs("pilar@example.com");
    const [session] = await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, "pilar@example.com"));
    await requestAddressChange({ id: member.id, email: "pilar@example.com" }, "pilar.nueva@example.com", { sessionId: session!.id });
    await db.delete(emailOutbox).where(eq(emailOutbox.kind, "magic_link"));
    await requestOwnErasure({ memberId: member.id, sessionId: session!.id });
    const sent = await deliverAll();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([expect.stringMatching(/^Confirma tu nueva dirección para /), expect.stringMatching(/^Confirma: borrar tus datos de /)].sort());
    for (const mail of sent) expectSpanish(mail);
  });

  it("invites each member of a wave, and writes each member's copy of a broadcast, in their own language", async () => {
    await spanishMember("sofia", 50);
    const { member: ben } = await joinWaitlist({ email: "ben@example.com" });
    await db.update(waitlistUsers).set({ points: 40, confirmedEmail: true }).where(eq(waitlistUsers.id, ben.id));
    await db.delete(emailOutbox);
    await inviteWave({ audience: { kind: "top_all_time", count: 2 } }, ADMIN.id);
    const queued = await db.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject }).from(emailOutbox);
    expect(queued.find((row) => row.to === "sofia@example.com")!.subject).toMatch(/^Tienes una invitación/);
    expect(queued.find((row) => row.to === "ben@example.com")!.subject).toMatch(/^You're invited/);
    const invites = await deliverAll();
    expectSpanish(invites.find((mail) => mail.to === "sofia@example.com"));
    expect(invites.find((mail) => mail.to === "sofia@example.com")!.html).toContain("Aceptar mi invitación");

    await createBroadcast(
      BroadcastInputSchema.parse({
        subject: "{{CREW_NAME}}: {{POINTS}}",
        html: "<p>{{PLACE_IN_LINE}} · {{POINTS}}</p>",
        // With a Spanish version (ADR 0057: without one, a Spanish member's copy is all English).
        translations: { es: { subject: "{{CREW_NAME}}: {{POINTS}} puntos", html: "<p>{{PLACE_IN_LINE}} · {{POINTS}}</p>" } },
        audience: { kind: "confirmed" },
      }),
      adminActor(ADMIN),
    );
    await db.update(waitlistUsers).set({ points: 12_345 }).where(eq(waitlistUsers.email, "sofia@example.com"));
    await advanceBroadcasts();
    const copies = await deliverAll();
    const sofia = copies.find((mail) => mail.to === "sofia@example.com")!;
    expectSpanish(sofia);
    expect(sofia.text).toContain("#1 · 12,345");
    expect(sofia.text).toContain("Darte de baja: ");
    expect(copies.find((mail) => mail.to === "ben@example.com")!.text).toContain("Unsubscribe: ");
  });

  it("on a fresh site, welcomes a Spanish-speaking member entirely in Spanish: the built-in Spanish template too (ADR 0057)", async () => {
    await spanishMember("lupita");
    const lupita = (await deliverAll()).find((mail) => mail.to === "lupita@example.com");
    expectSpanish(lupita);
    expect(lupita!.subject).toMatch(/^¡Te damos la bienvenida a /);
    expect(lupita!.text).toContain("¡Te damos la bienvenida a bordo, lupita@example.com! Ya eres parte de la tripulación");
    expect(lupita!.text).toContain("El equipo de Vista Crew");
    expect(lupita!.text).not.toContain("Welcome aboard");
    expect(lupita!.text).not.toContain("The Vista Crew team");
  });

  it("welcomes a Spanish-speaking member entirely in English once an admin rewrote the English template and did not translate it", async () => {
    await saveContent({ welcomeEmailTemplateHtml: "<p>Ahoy {{USER_EMAIL}}, your crew link: {{REFERRAL_LINK}}</p>" }, ADMIN.id);
    await spanishMember("lupita");
    const lupita = (await deliverAll()).find((mail) => mail.to === "lupita@example.com")!;
    expect(lupita.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(lupita.subject).toMatch(/^Welcome to /);
    expect(lupita.html).toContain("Confirm my e-mail");
    expect(lupita.text).toContain("Ahoy lupita@example.com, your crew link:");
    expect(lupita.text).toContain("Unsubscribe: ");
    expect(lupita.text).not.toContain("Confirmar mi correo");
    expect(lupita.text).not.toContain("Darte de baja");

    // Translated on the Español tab: Spanish again, all of it.
    await saveContent({ welcomeEmailTemplateHtml: "<p>¡Hola, {{USER_EMAIL}}! Tu enlace: {{REFERRAL_LINK}}</p>" }, ADMIN.id, "es");
    await spanishMember("rosa");
    const rosa = (await deliverAll()).find((mail) => mail.to === "rosa@example.com");
    expectSpanish(rosa);
    expect(rosa!.text).toContain("¡Hola, rosa@example.com! Tu enlace:");
  });

  it("sends a Spanish-speaking member a broadcast with no Spanish version entirely in English", async () => {
    await spanishMember("sofia", 50);
    await db.delete(emailOutbox);
    await createBroadcast(BroadcastInputSchema.parse({ subject: "News for {{CREW_NAME}}", html: "<p>Big news: you have {{POINTS}} points.</p>", audience: { kind: "confirmed" } }), adminActor(ADMIN));
    await advanceBroadcasts();
    const sofia = (await deliverAll()).find((mail) => mail.to === "sofia@example.com")!;
    expect(sofia.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(sofia.subject).toMatch(/^News for /);
    expect(sofia.text).toContain("Big news: you have 50 points.");
    expect(sofia.text).toContain("Unsubscribe: ");
    expect(sofia.text).not.toContain("Darte de baja");
  });
});
