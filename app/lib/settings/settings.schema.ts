import { z } from "zod";
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

export const SiteSettingsFormSchema = z.object({
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
