// The words of the neutral age question (ADR 0041), shared by the site's form, the embedded
// form and its script. Nothing here hints at the consent age. `/*i18n*/` lists each for the
// catalogs (issue 31); shown through i18n._.
export const BIRTH_QUESTION = { legend: /*i18n*/ "When were you born?", month: /*i18n*/ "Month", year: /*i18n*/ "Year", country: /*i18n*/ "Country" };

/** The months by name in a language (the form shows them in the page's). */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
}
