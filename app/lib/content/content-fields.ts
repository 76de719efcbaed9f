// The site text an admin edits, with how each is edited and labelled (spec §2 Text &
// HTML Content Editor and Welcome Email Editor).
export const CONTENT_FIELDS = {
  homepageMainTitleLine1: { kind: "plain", label: "Main Title Line 1", card: "homepage" },
  homepageMainTitleLine2: { kind: "plain", label: "Main Title Line 2 (optional)", card: "homepage" },
  homepageMainSubtitle: { kind: "rich", label: "Main Subtitle", card: "homepage" },
  // What search results and link previews show under the home page's title.
  homepageMetaDescription: { kind: "plain", label: "Search Description", card: "homepage" },
  confirmationPageTitle: { kind: "plain", label: "Page Title", card: "confirmation" },
  confirmationPageMessage: { kind: "rich", label: "Message Body", card: "confirmation" },
  welcomeEmailTemplateHtml: { kind: "rich", label: "Welcome Email", card: "email" },
  seasonWinnerEmailTemplateHtml: { kind: "rich", label: "Winner Email", card: "email" },
} as const;

export type ContentName = keyof typeof CONTENT_FIELDS;
export const CONTENT_NAMES = Object.keys(CONTENT_FIELDS) as ContentName[];
export const TEXT_EDITOR_FIELDS = CONTENT_NAMES.filter((name) => CONTENT_FIELDS[name].card !== "email");
export const HISTORY_LIMIT = 10;

export function isContentName(value: unknown): value is ContentName {
  return typeof value === "string" && value in CONTENT_FIELDS;
}
