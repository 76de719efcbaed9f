import { Transform, type TransformCallback } from "node:stream";
import nodemailer from "nodemailer";
import type { Env } from "../env.server";
import { isEssentialEmailKind } from "./email-kinds";
import type { ClaimedEmail } from "./outbox.server";
import { unsubscribeUrl } from "./suppression.server";

export type SendOptions = {
  /**
   * Runs once the whole message is with the mail server but before the line that ends it:
   * a broadcast marks its message sent here (ADR 0050). If it throws, the message is never
   * completed: the connection is dropped and the server discards what it got.
   */
  beforeEnd?: () => Promise<void>;
};

export type MailTransport = {
  /** "smtp" hands messages to a server; "local" keeps them for the dev mailbox. */
  kind: "smtp" | "local";
  send(message: ClaimedEmail, options?: SendOptions): Promise<void>;
  close(): void;
};

/** Passes the message through and holds its end until `beforeEnd` has settled. */
class HoldEnd extends Transform {
  constructor(private readonly beforeEnd: () => Promise<void>) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    this.beforeEnd().then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

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
 * Every SMTP step gives up long before the outbox lease (120 s) runs out; the worker also
 * extends the lease while it sends, so a slow mail server never lets another process
 * pick the same message up while this one is still sending it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Connections kept open to the mail server by each transport: a broadcast reuses them. */
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 1000 } as const;

export function createTransport(env: Env): MailTransport {
  if (!env.SMTP_URL) {
    return { kind: "local", send: async (_message, options) => options?.beforeEnd?.(), close: () => undefined };
  }
  // Settings in the URL itself win; the timeouts and pool apply where it names none.
  const smtp = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS, ...SMTP_POOL });
  smtp.use("stream", (mail, done) => {
    const beforeEnd = (mail.data as { beforeEnd?: () => Promise<void> }).beforeEnd;
    if (beforeEnd) mail.message.transform(() => new HoldEnd(beforeEnd));
    done();
  });
  return {
    kind: "smtp",
    async send(message, options = {}) {
      try {
        await smtp.sendMail({
          ...(options.beforeEnd && { beforeEnd: options.beforeEnd }),
          from: env.MAIL_FROM,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: messageIdFor(message, env.origin),
          headers: unsubscribeHeadersFor(message),
        });
      } catch (error) {
        throw asRecipientRejection(error);
      }
    },
    close: () => smtp.close(),
  };
}
