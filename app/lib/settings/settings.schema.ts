import { z } from "zod";

const optionalText = (max: number) => z.string().trim().max(max).default("");
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

export const SiteSettingsFormSchema = z.object({
  leaderboardVisible: checkbox,
  brandLogoUrl: optionalText(2000),
  primaryBrandColor: optionalText(20),
  // Parsed by the settings rules: empty, invalid or <= 0 becomes 30.
  sessionTimeoutMinutes: optionalText(10),
});

export const VideoSettingsFormSchema = z.object({
  homepageVideoUrl: optionalText(2000),
  homepageVideoThumbnailUrl: optionalText(2000),
});

export const SocialSettingsFormSchema = z.object({
  socialSharingOgTitle: optionalText(200),
  socialSharingOgDescription: optionalText(500),
  socialSharingImageUrl: optionalText(2000),
  facebook: optionalText(500),
  twitter: optionalText(500),
  instagram: optionalText(500),
  linkedin: optionalText(500),
});

/** FormData → plain object of its string fields, for the schemas above. */
export function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
