import { REHEARSAL_MAILBOX_PATH } from "./rehearsal";

/**
 * The banner every page shows signed-in staff while a rehearsal runs (ADR 0051), inside the
 * root's <p>; the mailbox link only for
 * those who may open it (owners and admins). Markup from the server, so the public pages' shared script carries none of it.
 */
export function rehearsalBannerHtml({ showsMailbox }: { showsMailbox: boolean }): string {
  const mailboxLink = showsMailbox ? ` <a href="${REHEARSAL_MAILBOX_PATH}" class="underline underline-offset-2">Open the back-office mailbox</a>` : "";
  return `<span data-testid="rehearsal-banner" class="block border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">Rehearsal mode is on: no e-mail leaves the site and only test webhooks fire.${mailboxLink}</span>`;
}
