import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, users, webhookEndpoints, webhookMessages } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { changeMember } from "../waitlist/member-admin.server";
import { confirmMemberEmail } from "../waitlist/members.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { DISABLE_AFTER_FAILING_MS, deliverDueWebhooks, postWebhook } from "./delivery.server";
import { createWebhookEndpoint, setWebhookEndpointEnabled } from "./endpoints.server";
import { resendWebhookMessage, sendTestEvent } from "./enqueue.server";
import { checkWebhookUrl } from "./url-guard.server";

const LOCAL = { allowPrivate: true };

type Received = { id: string; type: string; data: Record<string, unknown> };

/** A receiver that verifies every request with the standardwebhooks package, as a customer's would. */
async function startReceiver(secret: () => string, port = 0) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      try {
        const event = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        received.push({ id: String(request.headers["webhook-id"]), type: event.type, data: event.data });
        response.writeHead(204).end();
      } catch {
        response.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
let secret = "";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function subscribe(url: string, events: Parameters<typeof createWebhookEndpoint>[0]["events"]) {
  const endpoint = await createWebhookEndpoint({ url, description: "CRM", events }, "admin-1");
  secret = endpoint.secret;
  return endpoint;
}

describe("webhook delivery", () => {
  it("signs each event so the receiver's standardwebhooks check passes, once per message id", async () => {
    receiver = await startReceiver(() => secret);
    await subscribe(receiver.url, ["member.joined", "member.confirmed", "referral.credited", "member.blocked"]);
    const nova = await joinWaitlist({ email: "captain.nova@example.com" });
    const pixel = await joinWaitlist({ email: "pixel.pilot@example.com", referralCode: nova.member.referralCode });
    await confirmMemberEmail(pixel.member.id);
    await confirmMemberEmail(pixel.member.id); // a second click is no new event
    await changeMember(nova.member.id, { kind: "blocked", isBlocked: true }, "admin-1");
    await Promise.all([deliverDueWebhooks({ policy: LOCAL }), deliverDueWebhooks({ policy: LOCAL })]);
    expect(receiver.received.map((event) => event.type)).toEqual(
      expect.arrayContaining(["member.joined", "member.joined", "member.confirmed", "referral.credited", "member.blocked"]),
    );
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((event) => event.id)).size).toBe(5);
    expect(receiver.received.find((event) => event.type === "referral.credited")?.data).toMatchObject({ referrerId: nova.member.id, referredId: pixel.member.id });
  });

  it("finishes the batch in hand and claims no other once the process stops, so the next process sends the rest at once", async () => {
    receiver = await startReceiver(() => secret);
    await subscribe(receiver.url, ["member.joined"]);
    for (const name of ["ada", "bo", "cy", "di", "ed"]) await joinWaitlist({ email: `${name}@example.com` });
    let checks = 0;
    expect(await deliverDueWebhooks({ policy: LOCAL, batch: 2, shouldStop: () => checks++ > 0 })).toBe(2);
    const waiting = await db.select({ status: webhookMessages.status, lockedUntil: webhookMessages.lockedUntil }).from(webhookMessages).where(eq(webhookMessages.status, "pending"));
    expect(waiting).toEqual(Array.from({ length: 3 }, () => ({ status: "pending", lockedUntil: null })));
    expect(await deliverDueWebhooks({ policy: LOCAL })).toBe(3);
    expect(receiver.received).toHaveLength(5);
  });

  it("keeps retrying while the receiver is down for 2 minutes, then delivers each event once", async () => {
    const placeholder = await startReceiver(() => secret);
    const { port, url } = placeholder;
    await placeholder.close(); // down: nothing listens on the port
    await subscribe(url, ["member.joined"]);
    await joinWaitlist({ email: "orbit.otter@example.com" });

    let clock = Date.now();
    const now = () => new Date(clock);
    expect(await deliverDueWebhooks({ now, policy: LOCAL })).toBe(0);
    for (const step of [5, 60]) {
      clock += step * 1000;
      expect(await deliverDueWebhooks({ now, policy: LOCAL })).toBe(0);
    }
    const [waiting] = await db.select().from(webhookMessages);
    expect(waiting).toMatchObject({ status: "pending", attempts: 3, lastStatusCode: null });

    clock += 55 * 1000; // two minutes after the first try the receiver is back
    receiver = await startReceiver(() => secret, port);
    expect(await deliverDueWebhooks({ now, policy: LOCAL })).toBe(0); // the next try is not due yet
    clock += 300 * 1000;
    expect(await deliverDueWebhooks({ now, policy: LOCAL })).toBe(1);
    expect(await deliverDueWebhooks({ now, policy: LOCAL })).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [message] = await db.select().from(webhookMessages);
    expect(message).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 204 });
    expect(receiver.received[0]?.id).toBe(message?.messageId);

    // "Resend" sends the same message id again, for the receiver to recognise.
    await resendWebhookMessage(message!.id, "admin-1");
    await deliverDueWebhooks({ now, policy: LOCAL });
    expect(receiver.received.map((event) => event.id)).toEqual([message!.messageId, message!.messageId]);
    // …and the audit log says who resent it.
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, "webhook_message.resent"));
    expect(audited).toMatchObject([{ actorKind: "admin", actorId: "admin-1", actorName: "boss@example.com", after: { messageId: message!.messageId } }]);
  });

  it("turns off an endpoint that failed for 24 hours and e-mails the admins", async () => {
    const placeholder = await startReceiver(() => secret);
    await placeholder.close();
    const endpoint = await subscribe(placeholder.url, ["member.joined"]);
    await joinWaitlist({ email: "comet.kid@example.com" });
    let clock = Date.now();
    const now = () => new Date(clock);
    await deliverDueWebhooks({ now, policy: LOCAL });
    clock += DISABLE_AFTER_FAILING_MS;
    await deliverDueWebhooks({ now, policy: LOCAL });
    const [stored] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored).toMatchObject({ isEnabled: false, disabledReason: "Failed every delivery for 24 hours." });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "webhook_disabled"));
    expect(mails.map((mail) => mail.toAddress)).toEqual(["boss@example.com"]);
    // Off: new events are not queued for it; a test event still is (to check a fix).
    await joinWaitlist({ email: "moonbeam.maker@example.com" });
    await sendTestEvent(endpoint.id, "admin-1");
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, "webhook_endpoint.test_sent"));
    expect(audited).toMatchObject([{ actorKind: "admin", actorId: "admin-1", actorName: "boss@example.com", targetId: endpoint.id }]);
    await setWebhookEndpointEnabled(endpoint.id, true, "admin-1");
    const [enabled] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(enabled).toMatchObject({ isEnabled: true, failingSince: null });
    const queued = await db.execute<{ pending: number }>(sql`select count(*)::integer as pending from webhook_messages where status = 'pending'`);
    expect(queued.rows[0]?.pending).toBe(2); // the first join's event, retried once it is on again, and the test event
  });
});

describe("the SSRF guard in production", () => {
  const PRODUCTION = { allowPrivate: false };

  it("refuses loopback, private, link-local and metadata addresses, and plain http", () => {
    for (const url of ["https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/hook", "https://192.168.1.1/", "https://localhost/hook", "http://example.com/hook", "https://user:pw@example.com/", "not a url"]) {
      let refused: unknown;
      try {
        checkWebhookUrl(url, PRODUCTION);
      } catch (error) {
        refused = error;
      }
      expect(isAppError(refused) && refused.status, url).toBe(400);
    }
    expect(checkWebhookUrl("https://hooks.example.com/launchcrew", PRODUCTION).hostname).toBe("hooks.example.com");
  });

  it("refuses at connection time a name that resolves to a private address", async () => {
    receiver = await startReceiver(() => secret);
    const viaName = receiver.url.replace("127.0.0.1", "localhost");
    await expect(postWebhook(viaName, {}, "{}", PRODUCTION)).rejects.toThrow(/private/);
    expect(await postWebhook(viaName, {}, "{}", LOCAL)).toBe(401); // unsigned: the receiver says no
  });
});
