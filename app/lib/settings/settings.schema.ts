import { SITE_AUDIENCES } from "~/lib/consent/site-audience";
import { z } from "zod";
import { CONSENT_AGE, CONSENT_REQUEST_DAYS } from "~/lib/consent/age";
import { MAX_CONSENT_AGE_COUNTRIES, readCountryConsentAgeText } from "~/lib/consent/consent-age-by-country";
import { MONTHS_AFTER_LAUNCH, parseLaunchDate, UNCONFIRMED_MEMBER_DAYS } from "~/lib/privacy/retention-rules";
import {
  DOMAIN_NAME,
  MAX_LISTED_DOMAINS,
  MAX_SESSION_TIMEOUT_MINUTES,
  parseSessionTimeoutInput,
  REFERRAL_BURST_LIMIT,
  REFERRAL_CREDIT_MODES,
  REFERRAL_DAILY_CAP,
  splitDomainText,
} from "./settings-rules";
import { noControlCharacters, noControlCharactersInText } from "~/lib/text-rules";
import { MAX_MILESTONE_LABEL, MAX_MILESTONES, MILESTONE_STEP, parseMilestoneText } from "~/lib/points/milestones";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from "~/lib/seasons/time-zone";
import { MAX_EMBED_ORIGINS, originOf } from "~/lib/embed/origins";

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).refine(...noControlCharacters).default("");

const domainList = z
  .string()
  .max(MAX_LISTED_DOMAINS * 64, `At most ${MAX_LISTED_DOMAINS} domains.`)
  .default("")
  .transform(splitDomainText)
  .pipe(
    z
      .array(z.string().regex(DOMAIN_NAME, "Enter domain names like example.com, one per line."))
      .max(MAX_LISTED_DOMAINS, `At most ${MAX_LISTED_DOMAINS} domains.`),
  );

const wholeNumber = ({ min, max, fallback }: { min: number; max: number; fallback: number }, label: string) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .trim()
    .max(12, message)
    .default(String(fallback))
    .transform((text) => (text === "" ? fallback : Number(text)))
    .pipe(z.number({ message }).int(message).min(min, message).max(max, message));
};

const milestoneList = z
  .string()
  .max(MAX_MILESTONES * (MAX_MILESTONE_LABEL + 12), `At most ${MAX_MILESTONES} milestones.`)
  .refine(...noControlCharactersInText)
  .default("")
  .transform((text, context) => {
    const parsed = parseMilestoneText(text);
    if ("error" in parsed) {
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.milestones;
  });

const originList = z
  .string()
  .max(MAX_EMBED_ORIGINS * 120, `At most ${MAX_EMBED_ORIGINS} websites.`)
  .default("")
  .transform((text, context) => {
    const lines = text.split(/[\s,]+/).filter(Boolean);
    const bad = lines.find((line) => originOf(line) === null);
    if (bad) {
      context.addIssue({ code: "custom", message: `"${bad.slice(0, 60)}" is not a website address like https://shop.example.com.` });
      return z.NEVER;
    }
    if (lines.length > MAX_EMBED_ORIGINS) {
      context.addIssue({ code: "custom", message: `At most ${MAX_EMBED_ORIGINS} websites.` });
      return z.NEVER;
    }
    return [...new Set(lines.map((line) => originOf(line)!))];
  });

/**
 * The consent age by country, one row a line ("ES 14"): every code known, every age 0–21,
 * each country once. Absent (a post without the box, or the box emptied): no change.
 */
const countryConsentAges = z
  .string()
  .max(MAX_CONSENT_AGE_COUNTRIES * 12, `At most ${MAX_CONSENT_AGE_COUNTRIES} countries.`)
  .optional()
  .transform((text, context) => {
    if (text === undefined) return undefined;
    const read = readCountryConsentAgeText(text);
    if ("error" in read) {
      context.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    return read.table;
  });

const MONTHS_MESSAGE = `Months after launch must be a whole number from ${MONTHS_AFTER_LAUNCH.min} to ${MONTHS_AFTER_LAUNCH.max}, or empty.`;

export const SiteSettingsFormSchema = z.object({
  embedAllowedOrigins: originList,
  siteTimeZone: z.string().max(64).refine(isTimeZone, "Choose a time zone from the list.").default(DEFAULT_SITE_TIME_ZONE),
  pointMilestones: milestoneList,
  milestoneStep: wholeNumber(MILESTONE_STEP, "The milestone step"),
  leaderboardVisible: z.boolean().default(false),
  brandLogoUrl: optionalText(2000, "The logo URL is too long (2000 characters at most)."),
  primaryBrandColor: optionalText(20, "Enter a colour like #F8A719."),
  // Spec §5: empty, invalid or <= 0 is saved as 30.
  sessionTimeoutMinutes: optionalText(12, "Enter a number of minutes.")
    .transform(parseSessionTimeoutInput)
    .pipe(z.number().max(MAX_SESSION_TIMEOUT_MINUTES, `The session timeout can be at most ${MAX_SESSION_TIMEOUT_MINUTES} minutes (one week).`)),
  referralCreditMode: z.enum(REFERRAL_CREDIT_MODES, { message: "Choose when a referral earns points." }).default("confirm"),
  referralBurstLimit: wholeNumber(REFERRAL_BURST_LIMIT, "Referrals per hour"),
  referralDailyCap: wholeNumber(REFERRAL_DAILY_CAP, "Referrals per day"),
  emailDomainBlocklist: domainList,
  emailDomainAllowlist: domainList,
  consentAge: wholeNumber(CONSENT_AGE, "The consent age"),
  consentAgeByCountry: countryConsentAges,
  consentRequestDays: wholeNumber(CONSENT_REQUEST_DAYS, "The days a parent has to answer"),
  siteAudience: z.enum(SITE_AUDIENCES, { message: "Choose who the site is for." }).default("families"),
  unconfirmedMemberDays: wholeNumber(UNCONFIRMED_MEMBER_DAYS, "The days an unconfirmed member is kept"),
  launchDate: z
    .string()
    .trim()
    .max(10, "Enter the launch date as a day, like 2027-03-15.")
    .default("")
    .transform((text) => (text === "" ? null : text))
    .refine((text) => text === null || parseLaunchDate(text) !== null, "Enter the launch date as a day from 2020 to 2100, like 2027-03-15."),
  monthsAfterLaunch: z
    .string()
    .trim()
    .max(12, MONTHS_MESSAGE)
    .default("")
    .transform((text) => (text === "" ? null : Number(text)))
    .pipe(
      z
        .number({ message: MONTHS_MESSAGE })
        .int(MONTHS_MESSAGE)
        .min(MONTHS_AFTER_LAUNCH.min, MONTHS_MESSAGE)
        .max(MONTHS_AFTER_LAUNCH.max, MONTHS_MESSAGE)
        .nullable(),
    ),
});

export const VideoSettingsFormSchema = z.object({
  homepageVideoUrl: optionalText(2000, "The video URL is too long (2000 characters at most)."),
  homepageVideoThumbnailUrl: optionalText(2000, "The thumbnail URL is too long (2000 characters at most)."),
});

const socialLink = optionalText(500, "Links can be at most 500 characters.");

export const SocialSettingsFormSchema = z.object({
  socialSharingOgTitle: optionalText(200, "The share title can be at most 200 characters."),
  socialSharingOgDescription: z.string().trim().max(500, "The share description can be at most 500 characters.").refine(...noControlCharactersInText).default(""),
  socialSharingImageUrl: optionalText(2000, "The image URL is too long (2000 characters at most)."),
  facebook: socialLink,
  twitter: socialLink,
  instagram: socialLink,
  linkedin: socialLink,
});
