// Pure parsing and normalisation of site_settings values (spec §3, §5). Shared by the
// server module and by admin forms in the browser, so it imports nothing server-only.

export const DEFAULT_BRAND_COLOR = "#F8A719";
export const DEFAULT_LOGO_URL = "/brand/logo.svg";
/** The default logo's white word-mark, for dark backgrounds (scripts/brand-logos.mts draws both). */
export const DEFAULT_LOGO_DARK_URL = "/brand/logo-dark.svg";
/** Both default logos' size in pixels, so the page can reserve their box before they load. */
export const DEFAULT_LOGO_SIZE = { width: 200, height: 48 } as const;
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;
/** One week: longer would overflow interval arithmetic and means "never" anyway. */
export const MAX_SESSION_TIMEOUT_MINUTES = 10_080;

export type RichText = { html_content: string };
export type TextValue = string | RichText;
export type SocialLinks = { facebook: string; twitter: string; instagram: string; linkedin: string };

export const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin"] as const;

export const DEFAULT_WELCOME_EMAIL_HTML = [
  "<p>Welcome aboard, {{USER_EMAIL}}! You're officially part of the crew, and we're so happy you're here.</p>",
  "<p>Stay tuned: we'll send news, sneak peeks and giveaway alerts as launch day gets closer. Share your link to earn points and climb the leaderboard: {{REFERRAL_LINK}}</p>",
  "<p>See you on the adventure,<br>The Vista Crew team</p>",
].join("");

function asTrimmedString(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return "";
}

/** leaderboard_visible is on for boolean true or the string 'true'; a missing row means on. */
export function parseLeaderboardVisible(value: unknown): boolean {
  if (value === undefined) return true;
  return value === true || value === "true";
}

/** When a referral earns points: when the friend confirms their address (default) or joins (the spec's rule). */
export const REFERRAL_CREDIT_MODES = ["confirm", "join"] as const;
export type ReferralCreditMode = (typeof REFERRAL_CREDIT_MODES)[number];

export function parseReferralCreditMode(value: unknown): ReferralCreditMode {
  return value === "join" ? "join" : "confirm";
}

/** A domain name like "example.com" or "mail.example.co.uk" (lower case, no @). */
export const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export const MAX_LISTED_DOMAINS = 500;

/** A stored list of domains: only well-formed, distinct, lower-case names, at most MAX_LISTED_DOMAINS. */
export function parseDomainList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const domains = value.filter((entry): entry is string => typeof entry === "string").map((entry) => entry.trim().toLowerCase());
  return [...new Set(domains.filter((entry) => DOMAIN_NAME.test(entry)))].slice(0, MAX_LISTED_DOMAINS);
}

/** The admin's text (one domain per line, commas and spaces also separate; a leading @ is dropped). */
export function splitDomainText(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((entry) => entry.trim().toLowerCase().replace(/^@/, "")).filter(Boolean))];
}

/** A whole number setting kept within [min, max]; anything else is the fallback. */
export function parseBoundedInteger(value: unknown, { min, max, fallback }: { min: number; max: number; fallback: number }): number {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
}

/** Referrals to one referrer in an hour before the rest of that hour is held (the "burst" signal). */
export const REFERRAL_BURST_LIMIT = { min: 1, max: 1000, fallback: 10 };
/** Referrals to one referrer in a day before the rest of that day is held. */
export const REFERRAL_DAILY_CAP = { min: 1, max: 10_000, fallback: 50 };

export function parseBrandLogoUrl(value: unknown): string {
  return asTrimmedString(value) || DEFAULT_LOGO_URL;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

export function parsePrimaryBrandColor(value: unknown): string {
  const color = asTrimmedString(value);
  return isHexColor(color) ? color.toUpperCase() : DEFAULT_BRAND_COLOR;
}

/** On save: anything but a positive integer becomes the default (30); the form schema refuses one over the maximum. */
export function parseSessionTimeoutInput(value: unknown): number {
  const text = asTrimmedString(value);
  if (!/^\d+$/.test(text)) return DEFAULT_SESSION_TIMEOUT_MINUTES;
  const minutes = Number.parseInt(text, 10);
  return minutes > 0 ? minutes : DEFAULT_SESSION_TIMEOUT_MINUTES;
}

/**
 * On load: as on save, and a stored value over the maximum (written past the form)
 * also becomes 30, so no page ever arms a timer it cannot hold.
 */
export function parseSessionTimeoutMinutes(value: unknown): number {
  const minutes = parseSessionTimeoutInput(value);
  return minutes <= MAX_SESSION_TIMEOUT_MINUTES ? minutes : DEFAULT_SESSION_TIMEOUT_MINUTES;
}

/** While editing: a non-number or a value <= 0 shows as an empty box. */
export function editSessionTimeoutInput(raw: string): string {
  const minutes = Number.parseInt(raw, 10);
  return Number.isFinite(minutes) && minutes > 0 ? String(minutes) : "";
}

/** URLs that may be empty: stored trimmed, empty means null. */
export function parseOptionalUrl(value: unknown): string | null {
  return asTrimmedString(value) || null;
}

export function parsePlainString(value: unknown): string {
  return asTrimmedString(value);
}

export function parseSocialLinks(value: unknown): SocialLinks {
  const source = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return {
    facebook: asTrimmedString(source.facebook),
    twitter: asTrimmedString(source.twitter),
    instagram: asTrimmedString(source.instagram),
    linkedin: asTrimmedString(source.linkedin),
  };
}

/** Text keys hold a plain string or an object with html_content. */
export function parseTextValue(value: unknown): TextValue | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as RichText).html_content === "string") {
    return { html_content: (value as RichText).html_content };
  }
  return null;
}

export function textValueToString(value: TextValue | null): string {
  if (value === null) return "";
  return typeof value === "string" ? value : value.html_content;
}

export function parseRichHtml(value: unknown): string | null {
  const parsed = parseTextValue(value);
  return parsed === null ? null : textValueToString(parsed);
}

/** Dark or white text, whichever reads better on the brand colour (WCAG relative luminance). */
export function readableTextOn(hexColor: string): "#1f1300" | "#ffffff" {
  const hex = parsePrimaryBrandColor(hexColor).slice(1);
  const full = hex.length === 3 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  const [r, g, b] = [0, 2, 4].map((offset) => {
    const channel = Number.parseInt(full.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#1f1300" : "#ffffff";
}
