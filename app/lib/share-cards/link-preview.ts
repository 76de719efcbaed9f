// The services that fetch a shared link to show its preview (Open Graph / Twitter card
// tags). A visitor's `?ref=` is normally applied and stripped by a redirect to the
// same page without it; these get the page itself instead, so they read the member's
// card and not the plain home page. A named list rather than a general bot check:
// headless browsers and HTTP libraries (our own end-to-end tests among them) must keep
// behaving like visitors.
const LINK_PREVIEW_AGENTS = [
  "facebookexternalhit",
  "Facebot",
  "Twitterbot",
  "LinkedInBot",
  "Slackbot",
  "Discordbot",
  "WhatsApp",
  "TelegramBot",
  "SkypeUriPreview",
  "Pinterestbot",
  "redditbot",
  "Mastodon",
  "Cardyb", // Bluesky
  "Snap URL Preview",
  "Embedly",
  "Iframely",
  "vkShare",
  "Applebot",
];

const LINK_PREVIEW = new RegExp(LINK_PREVIEW_AGENTS.join("|"), "i");

export function isLinkPreviewAgent(userAgent: string | null): boolean {
  return userAgent !== null && LINK_PREVIEW.test(userAgent);
}
