import { getEnv } from "../../kernel/env.server";
import { readableTextOn } from "../settings/settings-rules";
import { getSiteSettings } from "../settings/settings.server";
import { getContentIn } from "../content/content.server";
import { EMAIL_INVALID_MESSAGE } from "../email/email-messages";
import { SIGNUP_ERROR_MESSAGE } from "../waitlist/join-form";
import { EMBED_VERSION } from "./embed-script";
import { BIRTH_QUESTION, monthNames } from "../consent/age-question";
import { ASK_PARENT } from "../consent/ask-parent";
import { PARENT_EMAIL_LABEL, PARENT_FIRST_TEXT } from "../consent/parent-first-words";
import { i18nFor } from "../i18n/catalogs.server";
import type { Language } from "../../kernel/i18n/languages";
import { BIRTH_DATE_MESSAGE } from "../consent/age-messages";
import { countryChoices } from "../consent/consent-age-by-country";

/** What the embedded form shows, in the visitor's language: the site's own strings and brand colour. */
export async function getEmbedConfig(language: Language) {
  const i18n = i18nFor(language);
  const [{ primaryBrandColor, siteAudience }, { homepageMainTitleLine1 }] = await Promise.all([getSiteSettings(["primaryBrandColor", "siteAudience"]), getContentIn(language, ["homepageMainTitleLine1"])]);
  const childrenFirst = siteAudience === "children_first";
  const brandColor = /^#[0-9a-f]{6}$/i.test(primaryBrandColor) ? primaryBrandColor : "#F8A719";
  return {
    version: EMBED_VERSION,
    siteName: getEnv().SITE_NAME,
    heading: homepageMainTitleLine1,
    /** "Children first" (ADR 0066): no age question; the address asked is the grown-up's. */
    childrenFirst,
    emailLabel: childrenFirst ? i18n._(PARENT_EMAIL_LABEL) : i18n._("Your e-mail address"),
    parentFirstText: i18n._(PARENT_FIRST_TEXT),
    parentAskedTitle: i18n._(ASK_PARENT.sentTitle),
    parentAskedText: i18n._(ASK_PARENT.sentText),
    birthLegend: i18n._(BIRTH_QUESTION.legend),
    monthLabel: i18n._(BIRTH_QUESTION.month),
    yearLabel: i18n._(BIRTH_QUESTION.year),
    birthMissing: i18n._(BIRTH_DATE_MESSAGE),
    months: monthNames(language),
    countryLabel: i18n._(BIRTH_QUESTION.country),
    /** The age question's countries, [code, name] in the visitor's language (ADR 0063); the script starts at the browser's region. */
    countries: countryChoices(language).map((choice) => [choice.code, choice.name]),
    askParentTitle: i18n._(ASK_PARENT.title),
    askParentText: i18n._(ASK_PARENT.embedText),
    askParentLink: i18n._(ASK_PARENT.embedLink),
    button: i18n._("Join the Crew"),
    submitting: i18n._("Submitting..."),
    invalidEmail: i18n._(EMAIL_INVALID_MESSAGE),
    failed: i18n._(SIGNUP_ERROR_MESSAGE),
    joinedTitle: i18n._("You're In!"),
    joinedText: i18n._("Welcome aboard! Share your link: every friend who joins earns you points."),
    emailedTitle: i18n._("Welcome Back!"),
    emailedText: i18n._("You're already on the waitlist: we've e-mailed your referral link to you."),
    brandColor,
    brandTextColor: readableTextOn(brandColor),
  };
}
