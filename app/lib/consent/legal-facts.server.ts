import { getSiteSettings } from "../settings/settings.server";
import { everythingDeletedOn } from "../privacy/retention-rules";
import { currentPrivacyNotice } from "./privacy-notice.server";
import type { Language } from "../../kernel/i18n/languages";

/**
 * What /privacy and /terms state from the running site (ADR 0041): the consent age by country
 * and the default (ADR 0063), how long
 * a parent's request waits, the retention schedule (issue 29), and the notice version
 * those facts make in the page's language (ADR 0054). The pages and the
 * code read the same settings, so the words cannot drift from what happens.
 */
export async function loadLegalFacts(language: Language) {
  const [settings, notice] = await Promise.all([
    getSiteSettings(["consentAge", "consentAgeByCountry", "consentRequestDays", "unconfirmedMemberDays", "launchDate", "monthsAfterLaunch", "siteAudience"]),
    currentPrivacyNotice(language),
  ]);
  return {
    consentAge: settings.consentAge,
    /** The consent age by country (ADR 0063): the studio's table; consentAge is every other country's. */
    consentAgeByCountry: settings.consentAgeByCountry,
    consentRequestDays: settings.consentRequestDays,
    /** Who the site is for (ADR 0066): with "children_first" no age is asked and every sign-up goes through a parent. */
    siteAudience: settings.siteAudience,
    unconfirmedMemberDays: settings.unconfirmedMemberDays,
    launchDate: settings.launchDate,
    monthsAfterLaunch: settings.monthsAfterLaunch,
    everythingDeletedOn: everythingDeletedOn(settings.launchDate, settings.monthsAfterLaunch)?.toISOString().slice(0, 10) ?? null,
    noticeVersion: notice.version,
    noticeSince: notice.publishedAt.toISOString().slice(0, 10),
  };
}
