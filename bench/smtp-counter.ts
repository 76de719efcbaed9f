// A mail server on loopback for the benches, in the bench's own process: it accepts every
// message and counts them by when they arrived and by the Message-ID's outbox row, keeping
// nothing else, so the app's SMTP sending is measured, not a peer that stores mail.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SmtpCounter = {
  url: string;
  /** Messages accepted so far. */
  count: () => number;
  /** Messages accepted between two moments (performance.now()). */
  countBetween: (from: number, to: number) => number;
  /** Outbox rows received more than once (a duplicate Message-ID). */
  duplicates: () => number;
  stop: () => Promise<void>;
};

export async function startSmtpCounter(): Promise<SmtpCounter> {
  const arrivals: number[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 256,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "";
        if (seen.has(messageId)) duplicates++;
        seen.add(messageId);
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    count: () => arrivals.length,
    countBetween: (from, to) => arrivals.filter((at) => at >= from && at < to).length,
    duplicates: () => duplicates,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
