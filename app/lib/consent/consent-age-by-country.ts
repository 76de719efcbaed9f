// The consent age follows the country (issue 38, ADR 0063): the country the visitor picks on
// the age question names the age below which a parent's consent comes first; a country the
// studio's table does not list, or none, uses the default age (the `consentAge` setting).
// Pure, so the forms, the settings screen and the server all read the same rule.
import { monthNames } from "./age-question";

/** Every age a row of the table may hold: 0 (a parent always) to 21 (the oldest age of majority anywhere). */
export const COUNTRY_CONSENT_AGE = { min: 0, max: 21 };
/** At most one row per country code there is. */
export const MAX_CONSENT_AGE_COUNTRIES = 249;

/** ISO 3166-1 alpha-2: the officially assigned codes (the age question's list). */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const KNOWN_CODES = new Set(COUNTRY_CODES);

export type CountryCode = string;
/** The studio's table: a country code to the age below which a parent consents first. */
export type CountryConsentAges = Record<CountryCode, number>;

/**
 * Each country's age from its law (the sources are cited in ADR 0063). A country not listed
 * uses the default age. The studio may change any of them in Admin → Settings.
 */
export const SEEDED_CONSENT_AGES: CountryConsentAges = {
  AT: 14,
  BE: 13,
  DE: 16,
  DK: 13,
  ES: 14,
  FR: 15,
  GB: 13,
  IE: 16,
  IT: 14,
  NL: 16,
  PE: 14,
  PL: 16,
  PT: 13,
  SE: 13,
  US: 13,
};

/** A two-letter code the age question offers, upper case; null for anything else. */
export function countryCodeOf(value: unknown): CountryCode | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return KNOWN_CODES.has(code) ? code : null;
}

function isCountryAge(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= COUNTRY_CONSENT_AGE.min && value <= COUNTRY_CONSENT_AGE.max;
}

/** The stored table, on read: only known codes with an age in bounds, at most one row per country; no row: the seeded table. */
export function parseCountryConsentAges(stored: unknown): CountryConsentAges {
  if (stored === undefined) return { ...SEEDED_CONSENT_AGES };
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const table: CountryConsentAges = {};
  for (const [key, age] of Object.entries(stored as Record<string, unknown>).slice(0, MAX_CONSENT_AGE_COUNTRIES)) {
    const code = countryCodeOf(key);
    if (code !== null && code === key && isCountryAge(age)) table[code] = age;
  }
  return sortedTable(table);
}

function sortedTable(table: CountryConsentAges): CountryConsentAges {
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
}

/** The age that applies and the country it was chosen by (null: no country, or one the table does not list). */
export type AppliedConsentAge = { country: CountryCode | null; consentAge: number };

/**
 * The consent age for the country the visitor gave: its row in the table, else the default.
 * The country is kept as given (a known code) even when the default applied.
 */
export function consentAgeFor(country: unknown, table: CountryConsentAges, defaultAge: number): AppliedConsentAge {
  const code = countryCodeOf(country);
  const listed = code !== null && Object.hasOwn(table, code) ? table[code] : undefined;
  return { country: code, consentAge: listed ?? defaultAge };
}

export const CONSENT_AGE_TABLE_FORMAT = "One country a line: its two-letter code and the age, like ES 14.";

/** The screen's text, one row a line ("ES 14"), read into a table or the first problem's message. */
export function readCountryConsentAgeText(text: string): { table: CountryConsentAges } | { error: string } {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length > MAX_CONSENT_AGE_COUNTRIES) return { error: `At most ${MAX_CONSENT_AGE_COUNTRIES} countries.` };
  const table: CountryConsentAges = {};
  for (const line of lines) {
    const match = /^([A-Za-z]{2})[\s:=,;]+(\S+)$/.exec(line);
    if (!match) return { error: `"${line.slice(0, 40)}": ${CONSENT_AGE_TABLE_FORMAT}` };
    const code = countryCodeOf(match[1]);
    if (code === null) return { error: `"${match[1]!.slice(0, 2)}" is not a country code: use ISO 3166 codes like ES, US or GB.` };
    if (Object.hasOwn(table, code)) return { error: `${code} is listed twice: one age a country.` };
    const age = /^\d{1,2}$/.test(match[2]!) ? Number(match[2]) : Number.NaN;
    if (!isCountryAge(age)) return { error: `The consent age for ${code} must be a whole number from ${COUNTRY_CONSENT_AGE.min} to ${COUNTRY_CONSENT_AGE.max}.` };
    table[code] = age;
  }
  return { table: sortedTable(table) };
}

/** The table as the screen shows it, one row a line. */
export function countryConsentAgeTextOf(table: CountryConsentAges): string {
  return Object.entries(table)
    .map(([code, age]) => `${code} ${age}`)
    .join("\n");
}

/** The age question's default country: the region of the browser's first language ("es-ES" → ES), if it is a country. */
export function countryOfAcceptLanguage(header: string | null | undefined): CountryCode | null {
  const first = (header ?? "").split(",")[0]?.split(";")[0]?.trim() ?? "";
  const region = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})$/.exec(first)?.[1];
  return region ? countryCodeOf(region) : null;
}

/** The countries by name in the page's language, sorted as that language sorts them. */
export function countryChoices(locale: string): { code: CountryCode; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The age question's choices in the page's language, written by the page's loader so no
 * page's script carries a list: the months by name, the countries by name ([code, name]),
 * and the country the select starts at (the request's Accept-Language region, "" for none).
 */
export type AgeQuestionChoices = { months: string[]; countries: [CountryCode, string][]; defaultCountry: string };

export function ageQuestionChoices(acceptLanguage: string | null | undefined, locale: string): AgeQuestionChoices {
  return {
    months: monthNames(locale),
    countries: countryChoices(locale).map((choice) => [choice.code, choice.name]),
    defaultCountry: countryOfAcceptLanguage(acceptLanguage) ?? "",
  };
}
