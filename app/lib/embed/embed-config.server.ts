import { getEnv } from "../env.server";
import { readableTextOn } from "../settings/settings-rules";
import { getSiteSettings } from "../settings/settings.server";
import { EMAIL_INVALID_MESSAGE } from "../email/email-messages";
import { SIGNUP_ERROR_MESSAGE } from "../waitlist/join-form";
import { EMBED_VERSION } from "./embed-script";
import { ASK_PARENT, BIRTH_QUESTION, MONTH_NAMES } from "../consent/age-question";
import { BIRTH_DATE_MESSAGE } from "../consent/age";

/** What the embedded form shows: the site's own strings and brand colour. */
export async function getEmbedConfig() {
  const { primaryBrandColor, homepageMainTitleLine1 } = await getSiteSettings(["primaryBrandColor", "homepageMainTitleLine1"]);
  const brandColor = /^#[0-9a-f]{6}$/i.test(primaryBrandColor) ? primaryBrandColor : "#F8A719";
  return {
    version: EMBED_VERSION,
    siteName: getEnv().SITE_NAME,
    heading: homepageMainTitleLine1,
    emailLabel: "Your e-mail address",
    birthLegend: BIRTH_QUESTION.legend,
    monthLabel: BIRTH_QUESTION.month,
    yearLabel: BIRTH_QUESTION.year,
    birthMissing: BIRTH_DATE_MESSAGE,
    months: MONTH_NAMES,
    askParentTitle: ASK_PARENT.title,
    askParentText: ASK_PARENT.embedText,
    askParentLink: ASK_PARENT.embedLink,
    button: "Join the Crew",
    submitting: "Submitting...",
    invalidEmail: EMAIL_INVALID_MESSAGE,
    failed: SIGNUP_ERROR_MESSAGE,
    joinedTitle: "You're In!",
    joinedText: "Welcome aboard! Share your link: every friend who joins earns you points.",
    emailedTitle: "Welcome Back!",
    emailedText: "You're already on the waitlist: we've e-mailed your referral link to you.",
    brandColor,
    brandTextColor: readableTextOn(brandColor),
  };
}
