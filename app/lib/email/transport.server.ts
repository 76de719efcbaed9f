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

export function createTransport(env: Env): MailTransport {
  if (!env.SMTP_URL) {
    return { kind: "local", send: async () => undefined, close: () => undefined };
  }
  const smtp = nodemailer.createTransport(env.SMTP_URL);
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
