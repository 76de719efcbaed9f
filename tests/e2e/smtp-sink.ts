// A real SMTP server on loopback that keeps every message it receives, for specs whose
// servers send e-mail over SMTP_URL instead of the dev mailbox, and for the delivery tests.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; messageId: string; raw: string };
export type SmtpSink = { url: string; port: number; received: ReceivedMail[]; stop: () => Promise<void> };

/**
 * Listens on `port` (0: any free one); takes `delayMs` to accept each message, like a slow
 * mail server, and refuses the recipients in `rejectRecipients` for good (550), like a
 * server that knows no such mailbox; answers the first `throttleFirst` senders "try again
 * later" (451), like a provider slowing a bulk sender down, and so answers the senders
 * counted in `throttleAt` (0 is the first MAIL FROM), like one that does so mid-batch.
 */
export async function startSmtpSink({ port: wantedPort = 0, delayMs = 0, rejectRecipients = [] as string[], throttleFirst = 0, throttleAt = [] as number[] } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let throttled = 0;
  let senders = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const isThrottledAt = throttleAt.includes(senders++);
      if (throttled >= throttleFirst && !isThrottledAt) return callback();
      throttled++;
      callback(Object.assign(new Error("4.7.1 Too many messages, slow down"), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      if (!rejectRecipients.includes(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "";
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), messageId, raw });
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The magic link in a received message (quoted-printable soft breaks undone). */
export function magicLinkIn(mail: ReceivedMail): string | undefined {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  return /https?:\/\/[^\s"<>]+\/api\/auth\/magic-link\/verify\?token=[^\s"<>]+/.exec(text)?.[0]?.replace(/&amp;/g, "&");
}

/** A received message's headers and decoded body: quoted-printable soft breaks undone, folded header lines joined. */
export const readableMail = (mail: Pick<ReceivedMail, "raw">) => mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=").replace(/\r?\n[ \t]+/g, " ");

/** What a test server with SMTP_URL set also needs: its auth secret and the shipping-address key (32 bytes, base64). */
export function smtpServerSecrets(label: string): Record<string, string> {
  return { BETTER_AUTH_SECRET: `${label}-e2e-secret-0123456789abcdef`, SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64") };
}
