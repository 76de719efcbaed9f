import { describe, expect, it } from "vitest";
import { ageBandOf } from "./age";
import {
  consentAgeFor,
  COUNTRY_CODES,
  countryConsentAgeTextOf,
  countryOfAcceptLanguage,
  parseCountryConsentAges,
  readCountryConsentAgeText,
  SEEDED_CONSENT_AGES,
} from "./consent-age-by-country";

const now = new Date("2026-11-26T12:00:00Z");
/** Thirteen and a half: born in May 2013. */
const thirteen = { month: 5, year: 2013 };

function bandIn(country: string | null | undefined) {
  return ageBandOf(thirteen, consentAgeFor(country, SEEDED_CONSENT_AGES, 13).consentAge, now);
}

describe("the consent age follows the country (issue 38)", () => {
  it("puts a 13-year-old under the consent age in Spain, France and Germany, not in the United States or Britain", () => {
    expect(["ES", "FR", "DE"].map(bandIn)).toEqual(["under_consent_age", "under_consent_age", "under_consent_age"]);
    expect(["US", "GB"].map(bandIn)).toEqual(["consent_age_or_over", "consent_age_or_over"]);
    expect(consentAgeFor("es", SEEDED_CONSENT_AGES, 13)).toEqual({ country: "ES", consentAge: 14 });
    expect(consentAgeFor("FR", SEEDED_CONSENT_AGES, 13)).toEqual({ country: "FR", consentAge: 15 });
  });

  it("uses the default age for a country the table does not list, an unknown code or none", () => {
    expect(consentAgeFor("JP", SEEDED_CONSENT_AGES, 13)).toEqual({ country: "JP", consentAge: 13 });
    expect(consentAgeFor("ZZ", SEEDED_CONSENT_AGES, 16)).toEqual({ country: null, consentAge: 16 });
    expect(consentAgeFor(undefined, SEEDED_CONSENT_AGES, 13)).toEqual({ country: null, consentAge: 13 });
    expect(consentAgeFor("", SEEDED_CONSENT_AGES, 13)).toEqual({ country: null, consentAge: 13 });
    expect(consentAgeFor("__proto__", SEEDED_CONSENT_AGES, 13)).toEqual({ country: null, consentAge: 13 });
    expect(bandIn("ZZ")).toBe("consent_age_or_over");
    expect(bandIn(null)).toBe("consent_age_or_over");
  });

  it("seeds the ages the brief names, each a known country", () => {
    expect(SEEDED_CONSENT_AGES).toMatchObject({ US: 13, GB: 13, ES: 14, FR: 15, DE: 16, NL: 16, IE: 16, IT: 14, AT: 14, BE: 13, PT: 13, DK: 13, SE: 13, PL: 16 });
    expect(Object.keys(SEEDED_CONSENT_AGES).every((code) => COUNTRY_CODES.includes(code))).toBe(true);
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(parseCountryConsentAges(undefined)).toEqual(SEEDED_CONSENT_AGES);
  });

  it("reads the stored table keeping only known codes with an age from 0 to 21", () => {
    expect(parseCountryConsentAges({ ES: 14, ZZ: 13, FR: 22, DE: -1, IT: 14.5, es: 14, PT: "13", US: 0, GB: 21 })).toEqual({ ES: 14, GB: 21, US: 0 });
    expect(parseCountryConsentAges(null)).toEqual({});
    expect(parseCountryConsentAges([["ES", 14]])).toEqual({});
  });

  it("reads the screen's rows, refusing unknown codes, ages outside 0–21, duplicates and too many rows with a clear message", () => {
    expect(readCountryConsentAgeText("es 14\nUS 13\n\n fr: 15 ")).toEqual({ table: { ES: 14, FR: 15, US: 13 } });
    expect(readCountryConsentAgeText("")).toEqual({ table: {} });
    expect(readCountryConsentAgeText("XX 14")).toEqual({ error: '"XX" is not a country code: use ISO 3166 codes like ES, US or GB.' });
    expect(readCountryConsentAgeText("ES 22")).toEqual({ error: "The consent age for ES must be a whole number from 0 to 21." });
    expect(readCountryConsentAgeText("ES -1")).toEqual({ error: "The consent age for ES must be a whole number from 0 to 21." });
    expect(readCountryConsentAgeText("ES 14\nes 16")).toEqual({ error: "ES is listed twice: one age a country." });
    expect(readCountryConsentAgeText("Spain")).toEqual({ error: '"Spain": One country a line: its two-letter code and the age, like ES 14.' });
    expect(readCountryConsentAgeText(Array.from({ length: 250 }, () => "ES 14").join("\n"))).toEqual({ error: "At most 249 countries." });
    expect(countryConsentAgeTextOf({ ES: 14, US: 13 })).toBe("ES 14\nUS 13");
  });

  it("defaults the question's country from the browser's first language's region", () => {
    expect(countryOfAcceptLanguage("es-ES,es;q=0.9,en;q=0.8")).toBe("ES");
    expect(countryOfAcceptLanguage("en-us")).toBe("US");
    expect(countryOfAcceptLanguage("es-419,es;q=0.9")).toBeNull();
    expect(countryOfAcceptLanguage("en")).toBeNull();
    expect(countryOfAcceptLanguage(null)).toBeNull();
  });
});
