/**
 * A held message's links would act for real families (approve a consent, confirm an
 * erasure or an address change, withdraw consent, unsubscribe): the back-office mailbox
 * shows none of them (issue 37). Every absolute link, in the text and in the HTML (its
 * hrefs and image sources too), is replaced before the message leaves the server.
 */
export const HIDDEN_LINK = "[link hidden in a rehearsal]";

const ABSOLUTE_URL = /https?:\/\/[^\s<>"']+/gi;
const LINK_ATTRIBUTE = /\b(href|src|action)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

export function hideLinksInText(text: string): string {
  return text.replace(ABSOLUTE_URL, HIDDEN_LINK);
}

export function hideLinksInHtml(html: string): string {
  return html.replace(LINK_ATTRIBUTE, (_match, name: string) => `${name}="#"`).replace(ABSOLUTE_URL, HIDDEN_LINK);
}
