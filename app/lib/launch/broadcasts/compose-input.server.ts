import { sql } from "drizzle-orm";
import { db } from "~/kernel/db.server";
import { AppError } from "~/kernel/errors";
import { getSiteSetting } from "~/lib/settings/settings.server";
import { seasonKeyFromParam } from "~/lib/seasons/season-calendar";
import type { Audience } from "../audience";
import { isLanguage, LANGUAGE_NAMES, TRANSLATED_LANGUAGES } from "~/kernel/i18n/languages";
import { translationField, type BroadcastInput, type ComposeForm } from "./broadcast.schema";

const LOCAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** A "2026-12-01T09:00" of the form, in the site's time zone, as a moment. */
async function siteLocalTime(local: string): Promise<Date> {
  if (!LOCAL_TIME.test(local)) throw new AppError("INVALID_INPUT", "Enter the date and time to send it.");
  const timeZone = await getSiteSetting("siteTimeZone");
  const result = await db.execute<{ at: string }>(sql`select (${local}::timestamp at time zone ${timeZone})::text as at`);
  return new Date(result.rows[0]!.at);
}

function audienceOf(form: ComposeForm): Audience {
  switch (form.audienceKind) {
    case "confirmed":
      return { kind: "confirmed" };
    case "wave":
      if (!form.waveId) throw new AppError("INVALID_INPUT", "Choose a wave.");
      return { kind: "wave", waveId: form.waveId };
    case "tag":
      if (!form.tag) throw new AppError("INVALID_INPUT", "Enter a tag.");
      return { kind: "tag", tag: form.tag };
    case "language":
      if (!isLanguage(form.language)) throw new AppError("INVALID_INPUT", "Choose a language.");
      return { kind: "language", language: form.language };
    case "season_winners": {
      const season = seasonKeyFromParam(form.season);
      if (!season) throw new AppError("INVALID_INPUT", "Choose a season.");
      return { kind: "season_winners", season };
    }
  }
}

const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";

/** Each translation's tab: nothing (English to everyone), or both a subject and a message. */
function translationsOf(form: ComposeForm): BroadcastInput["translations"] {
  const translations: NonNullable<BroadcastInput["translations"]> = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const subject = form[translationField("subject", language)];
    const html = form[translationField("html", language)];
    const hasSubject = subject !== "";
    const hasMessage = !isBlankHtml(html);
    if (!hasSubject && !hasMessage) continue;
    const name = LANGUAGE_NAMES[language];
    if (!hasSubject || !hasMessage) throw new AppError("INVALID_INPUT", `Write both the ${name} subject and the ${name} message, or leave both empty to send the English to everyone.`);
    translations[language] = { subject, html };
  }
  return Object.keys(translations).length > 0 ? translations : undefined;
}

/** The compose form as a broadcast: its audience, its Spanish version if any, and its time in the site's time zone. */
export async function broadcastFromCompose(form: ComposeForm, now = new Date()): Promise<BroadcastInput> {
  const input: BroadcastInput = { subject: form.subject, html: form.html, translations: translationsOf(form), audience: audienceOf(form) };
  if (form.when === "later") {
    const at = await siteLocalTime(form.scheduledAt);
    if (at.getTime() <= now.getTime()) throw new AppError("INVALID_INPUT", "Choose a time in the future, or send it now.");
    input.scheduledAt = at;
  }
  return input;
}
