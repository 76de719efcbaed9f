import sanitizeHtml from "sanitize-html";

// The rich-text toolbar's elements (Bold, Italic, Underline, lists, paragraphs) plus
// links with safe schemes. Used before HTML is stored and again when it is rendered.
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.target ? { target: "_blank" } : {}) },
    }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}
