import http from "node:http";
import https from "node:https";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { db } from "../../kernel/db.server";
import { escapeHtml, renderEmail } from "../email/layout";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../../kernel/env.server";
import { isAppError } from "../../kernel/errors";
import { log } from "../../kernel/log.server";
import { recordAuditEvent } from "../audit/audit.server";
import { onWebhookQueued } from "./enqueue.server";
import { webhookUrlPolicy } from "./endpoints.server";
import { checkWebhookUrl, guardedLookup, type UrlPolicy } from "./url-guard.server";
import { i18nFor } from "../i18n/catalogs.server";

/** Waits before each retry: about 24 hours in all, then the message is given up. */
export const RETRY_DELAYS_SECONDS = [5, 60, 300, 1800, 3600, 7200, 14_400, 28_800, 28_800];
export const DISABLE_AFTER_FAILING_MS = 24 * 60 * 60 * 1000;
/** Each delivery's whole budget: connecting, sending, the answer's headers and its body. */
export const DELIVERY_DEADLINE_MS = 10_000;
/** Deliveries in flight per process, and per endpoint within them (a slow endpoint fills only its own lane). */
export const MAX_IN_FLIGHT = 16;
export const MAX_IN_FLIGHT_PER_ENDPOINT = 4;
const LEASE_SECONDS = 30;
const POLL_INTERVAL_MS = 2000;

type Claimed = { id: number; endpoint_id: string; message_id: string; payload: unknown; attempts: number; url: string; secret: string };

/**
 * Claims up to `limit` due messages under a lease, at most `perEndpoint` per endpoint less
 * what this process already has in flight there (`busy`), oldest first across endpoints.
 */
async function claimDue(now: Date, limit: number, perEndpoint: number, busy: Map<string, number>): Promise<Claimed[]> {
  const at = now.toISOString();
  const inFlight = JSON.stringify([...busy].map(([endpoint_id, n]) => ({ endpoint_id, n })));
  const result = await db.execute<Claimed>(sql`
    with busy as (select * from jsonb_to_recordset(${inFlight}::jsonb) as b(endpoint_id uuid, n integer)),
    due as (
      select picked.id from webhook_endpoints e
        left join busy on busy.endpoint_id = e.id
        cross join lateral (
          select m.id, m.next_attempt_at from webhook_messages m
           where m.endpoint_id = e.id and m.status = 'pending' and m.next_attempt_at <= ${at}::timestamptz
             and (m.locked_until is null or m.locked_until < ${at}::timestamptz)
             and (e.is_enabled or m.event_type = 'webhook.test')
           order by m.next_attempt_at, m.id
           limit greatest(0, ${perEndpoint}::integer - coalesce(busy.n, 0))
           for update of m skip locked) picked
       order by picked.next_attempt_at, picked.id
       limit ${limit})
    update webhook_messages m set attempts = m.attempts + 1, locked_until = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      from due, webhook_endpoints e
     where m.id = due.id and e.id = m.endpoint_id
    returning m.id, m.endpoint_id, m.message_id, m.payload, m.attempts, e.url, e.secret`);
  return result.rows;
}

/** A delivery cut short because this process is stopping: not the receiver's fault, not an attempt. */
export class DeliveryInterrupted extends Error {
  constructor() {
    super("the server stopped during the delivery");
  }
}

/**
 * POSTs `body` and resolves with the status code once the whole answer has arrived;
 * refuses names that resolve to private addresses unless allowed. The deadline covers
 * connecting, sending and the answer's headers and body, so a receiver that answers one
 * byte at a time cannot hold a delivery (or the worker) open. `signal` (shutdown) rejects
 * with DeliveryInterrupted.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
  { deadlineMs = DELIVERY_DEADLINE_MS, signal }: { deadlineMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DeliveryInterrupted());
    // A timer of our own rather than AbortSignal.timeout: a timeout signal that only a
    // composite signal refers to can be garbage-collected before it fires.
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener("abort", onStop);
      done();
    };
    const cut = (error: Error) => {
      request.destroy(error);
      settle(() => reject(error));
    };
    const deadline = setTimeout(() => cut(new Error(`no complete answer within ${deadlineMs / 1000} s`)), deadlineMs);
    const onStop = () => cut(new DeliveryInterrupted());
    signal?.addEventListener("abort", onStop, { once: true });
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy) },
      (response) => {
        response.resume(); // the answer's body is not kept
        response.on("end", () => settle(() => resolve(response.statusCode ?? 0)));
        response.on("error", (error) => settle(() => reject(error)));
      },
    );
    request.on("error", (error) => settle(() => reject(error)));
    request.end(body);
  });
}

/** Gives an interrupted message back: no attempt is counted and any process may send it at once. */
async function releaseClaim(message: Claimed): Promise<void> {
  await db.execute(sql`
    update webhook_messages set locked_until = null, attempts = attempts - 1
     where id = ${message.id} and attempts = ${message.attempts} and status = 'pending'`);
}

async function recordOutcome(message: Claimed, outcome: { statusCode: number | null; error: string | null; durationMs: number }, now: Date): Promise<void> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const at = now.toISOString();
  const delay = RETRY_DELAYS_SECONDS[message.attempts - 1];
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into webhook_attempts (message_row_id, attempted_at, status_code, error, duration_ms)
      values (${message.id}, ${at}::timestamptz, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs})`);
    if (ok) {
      await tx.execute(sql`
        update webhook_messages set status = 'delivered', delivered_at = ${at}::timestamptz, locked_until = null,
               last_status_code = ${outcome.statusCode}, last_error = null
         where id = ${message.id} and attempts = ${message.attempts}`);
      await tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${message.endpoint_id}`);
      return;
    }
    await tx.execute(sql`
      update webhook_messages set locked_until = null, last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
             status = ${delay === undefined ? "failed" : "pending"},
             next_attempt_at = ${at}::timestamptz + make_interval(secs => ${delay ?? 0})
       where id = ${message.id} and attempts = ${message.attempts}`);
    const streak = await tx.execute<{ failing_since: string | Date }>(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, ${at}::timestamptz)
       where id = ${message.endpoint_id} returning failing_since`);
    const failingSince = streak.rows[0] ? new Date(streak.rows[0].failing_since) : now;
    if (now.getTime() - failingSince.getTime() < DISABLE_AFTER_FAILING_MS) return;
    const disabled = await tx.execute<{ url: string }>(sql`
      update webhook_endpoints set is_enabled = false, disabled_reason = 'Failed every delivery for 24 hours.'
       where id = ${message.endpoint_id} and is_enabled returning url`);
    const endpoint = disabled.rows[0];
    if (!endpoint) return;
    await recordAuditEvent(tx, { kind: "system", name: "Webhook delivery" }, { action: "webhook_endpoint.disabled", targetType: "webhook_endpoint", targetId: message.endpoint_id, after: { url: endpoint.url, reason: "Failed every delivery for 24 hours." } });
    await tellAdmins(tx, endpoint.url);
  });
}

async function tellAdmins(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], url: string): Promise<void> {
  const { SITE_NAME, origin } = getEnv();
  const admins = await tx.execute<{ email: string }>(sql`select email from users where role in ('owner', 'admin')`);
  for (const { email } of admins.rows) {
    const text = `Every delivery to ${url} failed for 24 hours, so ${SITE_NAME} stopped sending to it. Fix the receiver, then turn the endpoint back on under Admin → Developers (${origin}/admin/developers). Events that were waiting are sent again then; events from while it is off are not queued for it.`;
    const rendered = renderEmail({ i18n: i18nFor("en"), siteName: SITE_NAME, bodyHtml: `<p>${escapeHtml(text)}</p>`, bodyText: text });
    await enqueueEmail({ kind: "webhook_disabled", to: email, subject: `A webhook endpoint was turned off: ${url}`, ...rendered }, tx);
  }
}

/** Sends one claimed message and records the outcome; true when the receiver took it. */
async function deliverOne(message: Claimed, { now, policy, signal }: { now: () => Date; policy: UrlPolicy; signal?: AbortSignal }): Promise<boolean> {
  const started = performance.now();
  let outcome: { statusCode: number | null; error: string | null };
  try {
    // Re-checked at every delivery, not only when saved: a literal address is connected to
    // without a DNS lookup, so guardedLookup never sees it.
    checkWebhookUrl(message.url, policy);
  } catch (error) {
    const reason = isAppError(error) ? error.userMessage : "the address is not allowed";
    await recordOutcome(message, { statusCode: null, error: `not sent: ${reason}`, durationMs: 0 }, now());
    return false;
  }
  const body = JSON.stringify(message.payload);
  const signedAt = new Date();
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "Launchcrew-Webhooks/1",
    "webhook-id": message.message_id,
    "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
    "webhook-signature": new Webhook(message.secret).sign(message.message_id, signedAt, body),
  };
  try {
    const statusCode = await postWebhook(message.url, headers, body, policy, { signal });
    outcome = { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `answered ${statusCode}` };
  } catch (error) {
    if (error instanceof DeliveryInterrupted) {
      await releaseClaim(message);
      return false;
    }
    outcome = { statusCode: null, error: error instanceof Error ? error.message.slice(0, 300) : "request failed" };
  }
  await recordOutcome(message, { ...outcome, durationMs: Math.round(performance.now() - started) }, now());
  return outcome.error === null;
}

/**
 * Sends every due message once (claimed under a lease, so two processes never send the
 * same attempt) and returns how many were delivered once nothing is due or in flight.
 * Up to `batch` deliveries run at once, at most `perEndpoint` to one endpoint: a free slot
 * is filled at once (and when an event is queued or every 2 s), so an endpoint that answers
 * slowly delays only its own messages. Once `shouldStop` says so it claims nothing more and
 * waits for the deliveries in hand; `signal` cuts those short (their messages are released).
 */
export async function deliverDueWebhooks({
  now = () => new Date(),
  policy = webhookUrlPolicy(),
  batch = MAX_IN_FLIGHT,
  perEndpoint = MAX_IN_FLIGHT_PER_ENDPOINT,
  shouldStop = () => false,
  signal,
}: { now?: () => Date; policy?: UrlPolicy; batch?: number; perEndpoint?: number; shouldStop?: () => boolean; signal?: AbortSignal } = {}): Promise<number> {
  let delivered = 0;
  const busy = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let wake: () => void = () => {};
  const unsubscribe = onWebhookQueued(() => wake());
  try {
    for (;;) {
      const stopping = shouldStop() || signal?.aborted === true;
      if (!stopping && running.size < batch) {
        const claimed = await claimDue(now(), batch - running.size, perEndpoint, busy);
        for (const message of claimed) {
          busy.set(message.endpoint_id, (busy.get(message.endpoint_id) ?? 0) + 1);
          const delivery: Promise<void> = deliverOne(message, { now, policy, signal })
            .then((ok) => {
              if (ok) delivered++;
            })
            // Recording failed (the database is away): the lease runs out and any process sends it again.
            .catch((error: unknown) => log.warn("webhook delivery not recorded; sent again after its lease", { messageRowId: message.id, error }))
            .finally(() => {
              running.delete(delivery);
              const left = (busy.get(message.endpoint_id) ?? 1) - 1;
              if (left > 0) busy.set(message.endpoint_id, left);
              else busy.delete(message.endpoint_id);
            });
          running.add(delivery);
        }
      }
      if (running.size === 0) return delivered;
      let timer: NodeJS.Timeout | undefined;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
        if (!stopping) timer = setTimeout(resolve, POLL_INTERVAL_MS);
      });
      await Promise.race([woken, ...running]);
      clearTimeout(timer);
    }
  } finally {
    unsubscribe();
  }
}

/** Polls the webhook queue, and wakes at once for events queued by this process. */
export function startWebhookWorker({ policy }: { policy?: UrlPolicy } = {}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const shutdown = new AbortController();
  const tick = () => {
    if (running || stopped) return;
    running = deliverDueWebhooks({ policy, shouldStop: () => stopped, signal: shutdown.signal })
      .then(() => undefined)
      .catch((error: unknown) => log.warn("webhook delivery failed; retrying", { error }))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
      });
  };
  const unsubscribe = onWebhookQueued(() => {
    clearTimeout(timer);
    setImmediate(tick);
  });
  tick();
  return {
    /** Claims nothing more and cuts deliveries in flight short (released for the next process to send). */
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      shutdown.abort();
      await running;
    },
  };
}
