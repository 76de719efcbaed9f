// The app's own SMTP transport pointed at a test peer (tests/e2e/smtp-sink.ts), as a server
// with SMTP_URL set makes it (which also needs its secret and shipping-address key).
import { createTransport, type MailTransport } from "../app/lib/email/transport.server";
import { parseEnv } from "../app/kernel/env.server";
import { startSmtpSink, type SmtpSink } from "./e2e/smtp-sink";

type TransportOptions = Parameters<typeof createTransport>[1];

export function transportTo(peerUrl: string, options?: TransportOptions): MailTransport {
  return createTransport(parseEnv({ ...process.env, SMTP_URL: peerUrl, HOST: "127.0.0.1", SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64") }), options);
}

export async function startSmtpPeer(options: Parameters<typeof startSmtpSink>[0] = {}, transportOptions?: TransportOptions): Promise<{ peer: SmtpSink; transport: MailTransport }> {
  const peer = await startSmtpSink(options);
  return { peer, transport: transportTo(peer.url, transportOptions) };
}
