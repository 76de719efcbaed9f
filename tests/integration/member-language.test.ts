// Issue 31: each member's language is the site's language their browser preferred when they
// joined — through the form, the parent's approval of a child's join, or the API — and the
// back office can count it and write to the members of one language.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, waitlistUsers } from "../../db/schema";
import { answerConsentRequest } from "~/lib/consent/consent-requests.server";
import { db } from "~/kernel/db.server";
import { PRIVACY_NOTICE_EDITION, SPANISH_NOTICE_EDITION } from "~/lib/consent/privacy-notice.server";
import { resolveAudience } from "~/lib/launch/audience.server";
import { broadcastFromCompose } from "~/lib/launch/broadcasts/compose-input.server";
import { audienceOfForm, WaveFormSchema } from "~/lib/launch/launch.schema";
import { listLanguageBreakdown } from "~/lib/reports/reports.server";
import { signUpFromApi } from "~/lib/waitlist/join/signup.server";
import { apiKeyActor } from "~/lib/audit/actor";
import { action as joinAction } from "~/routes/join-waitlist";
import { action as parentAction } from "~/routes/parent-consent";
import { resetDatabase } from "../db-reset";
import { ADULT_BIRTH } from "../factories";

const ORIGIN = "http://localhost:3000";
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

beforeEach(resetDatabase);

async function post(action: unknown, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
  const result = await (action as Action)({ request, params: {}, context: { cspNonce: "", requestId: "test", clientIp: "203.0.113.77" } });
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

async function languageOf(email: string): Promise<string | undefined> {
  const [row] = await db.select({ language: waitlistUsers.language }).from(waitlistUsers).where(eq(waitlistUsers.email, email));
  return row?.language;
}

describe("a member's language", () => {
  it("is the site's language the joining browser prefers: Spanish for es-MX, English otherwise", async () => {
    await post(joinAction, "/join-waitlist", { email: "lupita@example.com", ...ADULT_BIRTH }, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.8" });
    await post(joinAction, "/join-waitlist", { email: "jamie@example.com", ...ADULT_BIRTH }, { "Accept-Language": "en-US,en;q=0.9" });
    await post(joinAction, "/join-waitlist", { email: "renee@example.com", ...ADULT_BIRTH }, { "Accept-Language": "fr-FR" });
    await post(joinAction, "/join-waitlist", { email: "nobody.said@example.com", ...ADULT_BIRTH });
    expect(await languageOf("lupita@example.com")).toBe("es");
    expect(await languageOf("jamie@example.com")).toBe("en");
    expect(await languageOf("renee@example.com")).toBe("en");
    expect(await languageOf("nobody.said@example.com")).toBe("en");
  });

  it("names the notice of the page's language in the member's own consent: the Spanish notice's version on a Spanish page (ADR 0054)", async () => {
    await post(joinAction, "/join-waitlist", { email: "lupita@example.com", ...ADULT_BIRTH }, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.8" });
    await post(joinAction, "/join-waitlist?lang=es", { email: "chosen@example.com", ...ADULT_BIRTH }, { "Accept-Language": "en-US" });
    await post(joinAction, "/join-waitlist", { email: "jamie@example.com", ...ADULT_BIRTH }, { "Accept-Language": "en-US,en;q=0.9" });
    const actor = apiKeyActor({ id: "key-1", name: "Partner", prefix: "lc_test" });
    await signUpFromApi({ email: "api.es@example.com", ...ADULT_BIRTH, language: "es" }, actor);
    const noticeOf = async (email: string) => {
      const rows = await db.execute<{ facts: string }>(sql`
        select n.facts from waitlist_users m join privacy_notice_versions n on n.version = m.privacy_notice_version where m.email = ${email}`);
      return JSON.parse(rows.rows[0]!.facts) as { edition: number; language?: string; translation?: number };
    };
    for (const email of ["lupita@example.com", "chosen@example.com", "api.es@example.com"]) {
      expect(await noticeOf(email), email).toMatchObject({ edition: PRIVACY_NOTICE_EDITION, language: "es", translation: SPANISH_NOTICE_EDITION });
    }
    const english = await noticeOf("jamie@example.com");
    expect(english.edition).toBe(PRIVACY_NOTICE_EDITION);
    expect(english).not.toHaveProperty("language");
  });

  it("of a child's membership is the child's browser's, kept while the parent is asked", async () => {
    const childBirth = { birthMonth: "6", birthYear: String(new Date().getUTCFullYear() - 9) };
    const spanish = { "Accept-Language": "es-419" };
    const asked = await post(joinAction, "/join-waitlist", { email: "nino@example.com", ...childBirth }, spanish);
    const cookie = asked.headers.getSetCookie().find((line) => line.startsWith("lc_age="))!.split(";")[0]!;
    expect((await post(parentAction, "/parent-consent", { parentEmail: "mama@example.com" }, { ...spanish, Cookie: cookie })).status).toBe(302);
    const [notice] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "mama@example.com"));
    const token = /\/parent-consent\/answer\?token=([A-Za-z0-9_-]+)/.exec(notice!.text)![1]!;
    await answerConsentRequest(token, "approve");
    expect(await languageOf("mama@example.com")).toBe("es");
    // The parent read the notice in Spanish: the consent names the Spanish notice's version (ADR 0054).
    const [consent] = await db.select({ version: waitlistUsers.privacyNoticeVersion }).from(waitlistUsers).where(eq(waitlistUsers.email, "mama@example.com"));
    const accepted = await db.execute<{ facts: string }>(sql`select facts from privacy_notice_versions where version = ${consent!.version}`);
    expect(JSON.parse(accepted.rows[0]!.facts)).toMatchObject({ language: "es" });
  });

  it("comes from the API's optional language field, English when left out", async () => {
    const actor = apiKeyActor({ id: "key-1", name: "Partner", prefix: "lc_test" });
    await signUpFromApi({ email: "api.es@example.com", ...ADULT_BIRTH, language: "es" }, actor);
    await signUpFromApi({ email: "api.en@example.com", ...ADULT_BIRTH }, actor);
    expect(await languageOf("api.es@example.com")).toBe("es");
    expect(await languageOf("api.en@example.com")).toBe("en");
  });

  it("is counted in the reports and makes an audience of the confirmed members who speak it", async () => {
    for (const [email, language] of [["uno@example.com", "es"], ["dos@example.com", "es"], ["one@example.com", "en"]] as const) {
      await post(joinAction, "/join-waitlist", { email, ...ADULT_BIRTH }, { "Accept-Language": language });
    }
    await db.execute(sql`update waitlist_users set confirmed_email = true where email <> 'dos@example.com'`);
    expect(await listLanguageBreakdown()).toEqual([
      { label: "Spanish", members: 2 },
      { label: "English", members: 1 },
    ]);
    const spanish = await resolveAudience({ kind: "language", language: "es" });
    expect(spanish).toMatchObject({ count: 1, description: "Every confirmed member whose language is Spanish" });
    await db.execute(sql`update waitlist_users set confirmed_email = false where language = 'es'`);
    await expect(resolveAudience({ kind: "language", language: "es" })).rejects.toThrow("No confirmed crew member's language is Spanish.");
  });

  it("is a segment of the broadcast form; a language the site does not speak is refused", async () => {
    const form = { intent: "create", subject: "Hola", html: "<p>Hola</p>", "subject:es": "", "html:es": "", audienceKind: "language", language: "es", tag: "", season: "", when: "now", scheduledAt: "" } as const;
    expect((await broadcastFromCompose(form)).audience).toEqual({ kind: "language", language: "es" });
    await expect(broadcastFromCompose({ ...form, language: "fr" })).rejects.toThrow("Choose a language.");
  });

  it("is a segment of a wave on the Launch screen, which asks for the language", () => {
    const form = WaveFormSchema.parse({ intent: "preview", kind: "language", language: "es" });
    expect(audienceOfForm(form)).toEqual({ kind: "language", language: "es" });
    const missing = WaveFormSchema.safeParse({ intent: "preview", kind: "language" });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.message)).toEqual(["Choose a language."]);
    expect(WaveFormSchema.safeParse({ intent: "preview", kind: "language", language: "fr" }).success).toBe(false);
  });
});
