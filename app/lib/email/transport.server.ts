import nodemailer from "nodemailer";
import type { Env } from "../env.server";
import type { ClaimedEmail } from "./outbox.server";

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
 * Every SMTP step gives up long before the outbox lease (120 s) runs out; the worker also
 * extends the lease while it sends, so a slow mail server never lets another process
 * pick the same message up while this one is still sending it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export function createTransport(env: Env): MailTransport {
  if (!env.SMTP_URL) {
    return { kind: "local", send: async () => undefined, close: () => undefined };
  }
  // Settings in the URL itself win; the timeouts apply where it names none.
  const smtp = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(message) {
      await smtp.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: messageIdFor(message, env.origin),
      });
    },
    close: () => smtp.close(),
  };
}
