import { isEmailAddress } from "../email/email-address.schema";
import { DEFAULT_LANGUAGE, LANGUAGE_ENDONYMS, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../kernel/i18n/languages";
import { isReferralCodeShape } from "../referrals/referral-code";
import { isFreeOfControlCharactersInText } from "../text-rules";
import { normaliseEmail } from "../waitlist/email";
import { emailIdentity } from "../waitlist/email-identity";

// One line of an uploaded CSV: either the Waitlist Emails export's columns (with its
// header row) or a bare list of addresses. Points and referral counts are earned on the
// site, never imported: those columns of the export are read past.

export type ImportColumns = { email: number; referralCode?: number; confirmed?: number; blocked?: number; tags?: number; notes?: number; language?: number };

export type CheckedRow =
  | { outcome: "invalid"; email: string; reason: string }
  | { outcome: "disposable"; email: string; reason: string }
  | {
      outcome: "new";
      email: string;
      identity: string;
      referralCode: string | null;
      tags: string[];
      notes: string;
      isConfirmed: boolean;
      isBlocked: boolean;
      /** What their e-mails are written in (issue 31): the export's Language column, English when the file has none. */
      language: Language;
    };

const HEADER_NAMES: Record<keyof ImportColumns, string[]> = {
  email: ["email", "e-mail", "email address", "e-mail address"],
  referralCode: ["referral code"],
  confirmed: ["confirmed"],
  blocked: ["blocked"],
  tags: ["tags"],
  notes: ["notes"],
  language: ["language", "idioma"],
};
/** Stored for the report: enough to recognise the line, not a whole pasted paragraph. */
const MAX_SHOWN_EMAIL = 320;
export const MAX_IMPORT_NOTES = 5000;
const MAX_TAG_LENGTH = 50;
const MAX_TAGS = 30;

/** The columns named by a header row, or null when the first line is already data. */
export function headerColumns(cells: readonly string[]): ImportColumns | null {
  const names = cells.map((cell) => cell.replace(/^\uFEFF/, "").trim().toLowerCase());
  const find = (key: keyof ImportColumns) => {
    const index = names.findIndex((name) => HEADER_NAMES[key].includes(name));
    return index === -1 ? undefined : index;
  };
  const email = find("email");
  if (email === undefined) return null;
  return {
    email,
    referralCode: find("referralCode"),
    confirmed: find("confirmed"),
    blocked: find("blocked"),
    tags: find("tags"),
    notes: find("notes"),
    language: find("language"),
  };
}

export const EMAIL_ONLY: ImportColumns = { email: 0 };

function yesNo(value: string | undefined): boolean | null {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "no", "false", "0", "n"].includes(text)) return false;
  if (["yes", "true", "1", "y"].includes(text)) return true;
  return null;
}

/** A language as the export writes it ("Spanish"), by its code ("es") or its own name ("Español"); blank is English; null when it is none of ours. */
export function parseImportLanguage(value: string | undefined): Language | null {
  const text = (value ?? "").trim().toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  if (!text) return DEFAULT_LANGUAGE;
  const plain = (name: string) => name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  return LANGUAGES.find((language) => [language, LANGUAGE_NAMES[language], LANGUAGE_ENDONYMS[language]].some((name) => plain(name) === text)) ?? null;
}

/** Tags as the export writes them ("a; b"), commas accepted too; trimmed, deduplicated, bounded. */
export function parseImportTags(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of value.split(/[;,]/)) {
    const tag = part.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * What the import would do with one line. `isThrowaway` applies the site's own domain
 * rules (throwaway list, admin block and allow lists), as a join would.
 */
export function checkImportRow(cells: readonly string[], columns: ImportColumns, isThrowaway: (email: string) => boolean): CheckedRow {
  const raw = (cells[columns.email] ?? "").trim();
  // For the report only: control characters (NUL among them, which PostgreSQL refuses) shown as �.
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  const shown = raw.slice(0, MAX_SHOWN_EMAIL).replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");
  if (!raw) return { outcome: "invalid", email: "", reason: "No e-mail address" };
  if (!isEmailAddress(raw)) return { outcome: "invalid", email: shown, reason: "Not a valid e-mail address" };
  const email = normaliseEmail(raw);
  const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));

  const isConfirmed = yesNo(cell(columns.confirmed));
  if (isConfirmed === null) return { outcome: "invalid", email: shown, reason: "Confirmed must be Yes or No" };
  const isBlocked = yesNo(cell(columns.blocked));
  if (isBlocked === null) return { outcome: "invalid", email: shown, reason: "Blocked must be Yes or No" };
  const language = parseImportLanguage(cell(columns.language));
  if (language === null) return { outcome: "invalid", email: shown, reason: `Language must be ${LANGUAGES.map((code) => LANGUAGE_NAMES[code]).join(" or ")}` };
  const notes = cell(columns.notes).trim();
  if (notes.length > MAX_IMPORT_NOTES) return { outcome: "invalid", email: shown, reason: `Notes are longer than ${MAX_IMPORT_NOTES} characters` };
  if (!isFreeOfControlCharactersInText(notes)) return { outcome: "invalid", email: shown, reason: "Notes hold invisible control characters" };
  const tags = parseImportTags(cell(columns.tags));
  if (tags.length > MAX_TAGS) return { outcome: "invalid", email: shown, reason: `More than ${MAX_TAGS} tags` };
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return { outcome: "invalid", email: shown, reason: `A tag is longer than ${MAX_TAG_LENGTH} characters` };
  if (!tags.every(isFreeOfControlCharactersInText) || tags.some((tag) => /[\t\r\n]/.test(tag))) {
    return { outcome: "invalid", email: shown, reason: "Tags hold invisible control characters" };
  }
  if (isThrowaway(email)) return { outcome: "disposable", email: shown, reason: `Throwaway domain (${email.split("@")[1]})` };

  const code = cell(columns.referralCode).trim().toLowerCase();
  return {
    outcome: "new",
    email,
    identity: emailIdentity(email),
    // A code from the old list keeps its links working, when it is free here.
    referralCode: code && isReferralCodeShape(code) ? code : null,
    tags,
    notes,
    isConfirmed,
    isBlocked,
    language,
  };
}
