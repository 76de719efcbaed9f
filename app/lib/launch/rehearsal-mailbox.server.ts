import { getMailboxMessage, listMailbox } from "../email/outbox.server";
import { hideLinksInHtml, hideLinksInText } from "./rehearsal-mailbox";

/** A page of the back-office mailbox (ADR 0051): the messages a rehearsal holds, newest first. */
export function listRehearsalMailbox(limit: number, beforeId: number | undefined) {
  return listMailbox(limit, { rehearsalOnly: true, beforeId });
}

/** One held message as the back office shows it: whole, but with none of its links (issue 37). */
export async function getRehearsalMailboxMessage(id: number) {
  const message = await getMailboxMessage(id, { rehearsalOnly: true });
  if (!message) return null;
  return { ...message, text: hideLinksInText(message.text), html: hideLinksInHtml(message.html) };
}
