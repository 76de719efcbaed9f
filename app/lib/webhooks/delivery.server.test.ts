import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users, webhookAttempts, webhookEndpoints, webhookMessages } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { DELIVERY_DEADLINE_MS, deliverDueWebhooks, startWebhookWorker } from "./delivery.server";
import { createWebhookEndpoint } from "./endpoints.server";

// Local receivers on 127.0.0.1 are reached the way webhooks.server.test.ts reaches them:
// with the local demo's policy ({ allowPrivate: true }), never by loosening production's.
const LOCAL = { allowPrivate: true };
const PRODUCTION = { allowPrivate: false };

const closers: (() => Promise<void>)[] = [];

/** Listens on 127.0.0.1; every socket is destroyed at the end of the test. */
async function listen(server: http.Server | net.Server): Promise<number> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

/** Answers 200 at once, then one byte of body every 2 s, forever: never idle, never done. */
async function startTrickler() {
  const requests: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    requests.push(Date.now());
    request.resume();
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.write(".");
    const timer = setInterval(() => response.write("."), 2000);
    timers.add(timer);
    response.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  const port = await listen(server);
  closers.push(async () => timers.forEach(clearInterval));
  return { requests, url: `http://127.0.0.1:${port}/slow` };
}

/** A receiver that answers 204 at once and notes when each event arrived. */
async function startReceiver() {
  const received: { type: string; at: number }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ type: (JSON.parse(body) as { type: string }).type, at: Date.now() });
      response.writeHead(204).end();
    });
  });
  const port = await listen(server);
  return { received, url: `http://127.0.0.1:${port}/hooks` };
}

async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("a receiver that trickles its answer", () => {
  it("delays nobody else, fails after the 10 s deadline and is retried later; stopping the worker does not wait for it", async () => {
    const slow = await startTrickler();
    const fast = await startReceiver();
    const a = await createWebhookEndpoint({ url: slow.url, description: "A", events: ["member.joined"] }, "admin-1");
    await createWebhookEndpoint({ url: fast.url, description: "B", events: ["member.joined"] }, "admin-1");
    const worker = startWebhookWorker({ policy: LOCAL });
    try {
      const started = Date.now();
      await joinWaitlist({ email: "captain.nova@example.com" });
      await waitFor(() => fast.received.length === 1, 10_000, "B's first event did not arrive");
      await waitFor(() => slow.requests.length === 1, 5_000, "A's delivery did not start");

      // While A's delivery is still trickling, a new event for both: B gets it at once.
      await joinWaitlist({ email: "pixel.pilot@example.com" });
      await waitFor(() => fast.received.length === 2, 3_000, "B's second event waited behind A's slow delivery");
      expect(Date.now() - started).toBeLessThan(DELIVERY_DEADLINE_MS);

      // A's deliveries are cut at the deadline, recorded as failed, and due again later.
      const failed = await waitFor(
        async () => {
          const rows = await db
            .select({ messageRowId: webhookAttempts.messageRowId, attemptedAt: webhookAttempts.attemptedAt, error: webhookAttempts.error, durationMs: webhookAttempts.durationMs })
            .from(webhookAttempts)
            .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageRowId))
            .where(eq(webhookMessages.endpointId, a.id));
          return rows.length > 0 && rows;
        },
        DELIVERY_DEADLINE_MS + 5_000,
        "A's delivery was not recorded as failed",
      );
      expect(failed[0]?.error).toBe("no complete answer within 10 s");
      expect(failed[0]?.durationMs).toBeGreaterThanOrEqual(DELIVERY_DEADLINE_MS - 100);
      expect(failed[0]?.durationMs).toBeLessThan(DELIVERY_DEADLINE_MS + 2_000);
      const [retried] = await db.select().from(webhookMessages).where(eq(webhookMessages.id, failed[0]!.messageRowId));
      expect(retried).toMatchObject({ status: "pending", attempts: 1, lastError: "no complete answer within 10 s" });
      expect(retried!.nextAttemptAt.getTime() - failed[0]!.attemptedAt.getTime()).toBe(5_000); // the first retry's wait

      // The retry starts trickling again; stopping now ends within 15 s and gives the message back.
      await waitFor(() => slow.requests.length >= 3, 10_000, "A's retry did not start");
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(15_000);
      const waiting = await db.select({ status: webhookMessages.status, lockedUntil: webhookMessages.lockedUntil }).from(webhookMessages).where(eq(webhookMessages.endpointId, a.id));
      expect(waiting).toEqual([
        { status: "pending", lockedUntil: null },
        { status: "pending", lockedUntil: null },
      ]);
    } finally {
      await worker.stop();
    }
  }, 40_000);
});

describe("the address is checked at every delivery", () => {
  it("does not send to an endpoint whose literal address is private now, and records the refusal", async () => {
    // A raw TCP listener: any connection at all would be counted (the endpoint is https).
    let connections = 0;
    const port = await listen(net.createServer((socket) => {
      connections++;
      socket.destroy();
    }));
    // Saved when its address was allowed (the local demo's policy at the time, say).
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: `https://127.0.0.1:${port}/hooks`, events: ["member.joined"], secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}` })
      .returning();
    await joinWaitlist({ email: "orbit.otter@example.com" });

    expect(await deliverDueWebhooks({ policy: PRODUCTION })).toBe(0);
    expect(connections).toBe(0);
    const [message] = await db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint!.id));
    expect(message).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null, lastError: "not sent: Webhook endpoints must be public addresses, not this server's network." });
    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.messageRowId, message!.id));
    expect(attempts).toHaveLength(1);
  });
});
