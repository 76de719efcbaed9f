import nodemailer, { type SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Env } from "../../kernel/env.server";
import { isEssentialEmailKind } from "./email-kinds";
import { mimeBytes } from "./mime-bytes";
import type { ClaimedEmail } from "./outbox.server";
import { unsubscribeUrl } from "./suppression.server";

export type MailTransport = {
  /** "smtp" hands messages to a server; "local" keeps them for the dev mailbox. */
  kind: "smtp" | "local";
  send(message: ClaimedEmail): Promise<void>;
  close(): void;
};

function messageIdFor(message: ClaimedEmail, origin: string): string {
  // Stable per outbox row, so a receiver can drop a duplicate of an at-least-once retry.
  return `<outbox-${message.id}@${new URL(origin).hostname}>`;
}

/**
 * The headers of an optional e-mail (ADR 0044), made here from its kind and recipient so
 * no way of queueing one can leave them out: RFC 2369 List-Unsubscribe with our https link
 * only (nothing reads the contact mailbox, so no mailto: is offered), and RFC 8058's
 * List-Unsubscribe-Post, which lets the mail provider unsubscribe with one POST.
 */
export function unsubscribeHeadersFor(message: Pick<ClaimedEmail, "kind" | "to">): Record<string, string> {
  if (isEssentialEmailKind(message.kind)) return {};
  return { "List-Unsubscribe": `<${unsubscribeUrl(message.to)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The mail server refused the recipient for good (a 5xx answer to RCPT TO): the address bounces. */
export class RecipientRejectedError extends Error {
  constructor(readonly responseCode: number) {
    // The server's own words often quote the address: they stay out of the log and the outbox.
    super(`the mail server refused the recipient (${responseCode})`);
    this.name = "RecipientRejectedError";
  }
}

function asRecipientRejection(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, command, responseCode } = error as Error & { code?: string; command?: string; responseCode?: number };
  if (code === "EENVELOPE" && command === "RCPT TO" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600) {
    return new RecipientRejectedError(responseCode);
  }
  return error;
}

/**
 * A refusal worth waiting out rather than pressing on (issue 39): the server's 4xx ("try
 * later": throttling, a full queue, a greylist) or no server to talk to at all.
 */
export function isTransientMailFailure(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof RecipientRejectedError) return false;
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return code === "ECONNECTION" || code === "ETIMEDOUT" || code === "ESOCKET" || code === "EDNS";
}

/**
 * Every SMTP step gives up long before the outbox lease (120 s) runs out; the worker also
 * extends the lease while it sends, so a slow mail server never lets another process
 * pick the same message up while this one is still sending it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Connections kept open to the mail server by each transport, at most (opened as needed): a broadcast reuses them. */
const SMTP_POOL = { pool: true, maxMessages: 1000 } as const;

/**
 * The mail server behind `SMTP_URL`, pooled (`maxConnections` at most); nodemailer pipelines
 * the envelope and DATA where the server offers PIPELINING. Without it, the dev mailbox.
 */
export function createTransport(env: Env, { maxConnections = 4 } = {}): MailTransport {
  if (!env.SMTP_URL) {
    return { kind: "local", send: async () => undefined, close: () => undefined };
  }
  // Settings in the URL itself win; the timeouts and pool apply where it names none.
  const smtp = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS, ...SMTP_POOL, maxConnections });
  return {
    kind: "smtp",
    async send(message) {
      try {
        const mail: SendMailOptions = {
          from: env.MAIL_FROM,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: messageIdFor(message, env.origin),
          headers: unsubscribeHeadersFor(message),
        };
        // Composed by nodemailer, written out at once (ADR 0072), and handed over as it is.
        const composed = new MailComposer(mail).compile();
        const raw = mimeBytes(composed);
        await smtp.sendMail(raw ? { envelope: composed.getEnvelope(), raw, messageId: mail.messageId } : mail);
      } catch (error) {
        throw asRecipientRejection(error);
      }
    },
    close: () => smtp.close(),
  };
}
