import http from "node:http";
import https from "node:https";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { db } from "../db.server";
import { escapeHtml, renderEmail } from "../email/layout";
import { enqueueEmail } from "../email/outbox.server";
import { getEnv } from "../env.server";
import { log } from "../log.server";
import { recordAuditEvent } from "../audit/audit.server";
import { onWebhookQueued } from "./enqueue.server";
import { webhookUrlPolicy } from "./endpoints.server";
import { guardedLookup, type UrlPolicy } from "./url-guard.server";

/** Waits before each retry: about 24 hours in all, then the message is given up. */
export const RETRY_DELAYS_SECONDS = [5, 60, 300, 1800, 3600, 7200, 14_400, 28_800, 28_800];
export const DISABLE_AFTER_FAILING_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 5000;
const LEASE_SECONDS = 30;
const POLL_INTERVAL_MS = 2000;

type Claimed = { id: number; endpoint_id: string; message_id: string; payload: unknown; attempts: number; url: string; secret: string };

async function claimDue(now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const result = await db.execute<Claimed>(sql`
    with due as (
      select m.id from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id
       where m.status = 'pending' and m.next_attempt_at <= ${at}::timestamptz
         and (m.locked_until is null or m.locked_until < ${at}::timestamptz)
         and (e.is_enabled or m.event_type = 'webhook.test')
       order by m.next_attempt_at, m.id
       for update of m skip locked
       limit ${limit})
    update webhook_messages m set attempts = m.attempts + 1, locked_until = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      from due, webhook_endpoints e
     where m.id = due.id and e.id = m.endpoint_id
    returning m.id, m.endpoint_id, m.message_id, m.payload, m.attempts, e.url, e.secret`);
  return result.rows;
}

/** POSTs `body` and resolves with the status code; refuses private addresses unless allowed. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, policy: UrlPolicy): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), timeout: TIMEOUT_MS },
      (response) => {
        response.resume(); // the answer's body is not kept
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
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
    const rendered = renderEmail({ siteName: SITE_NAME, bodyHtml: `<p>${escapeHtml(text)}</p>`, bodyText: text });
    await enqueueEmail({ kind: "webhook_disabled", to: email, subject: `A webhook endpoint was turned off: ${url}`, ...rendered }, tx);
  }
}

/**
 * Sends every due message once (claimed under a lease, so two processes never send the same
 * attempt); returns how many were delivered. Once `shouldStop` says so (shutdown) it
 * finishes the batch in hand and claims no other.
 */
export async function deliverDueWebhooks({
  now = () => new Date(),
  policy = webhookUrlPolicy(),
  batch = 10,
  shouldStop = () => false,
}: { now?: () => Date; policy?: UrlPolicy; batch?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  let delivered = 0;
  for (;;) {
    if (shouldStop()) return delivered;
    const claimed = await claimDue(now(), batch);
    if (claimed.length === 0) return delivered;
    await Promise.all(
      claimed.map(async (message) => {
        const body = JSON.stringify(message.payload);
        const signedAt = new Date();
        const headers = {
          "Content-Type": "application/json",
          "User-Agent": "Launchcrew-Webhooks/1",
          "webhook-id": message.message_id,
          "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
          "webhook-signature": new Webhook(message.secret).sign(message.message_id, signedAt, body),
        };
        const started = performance.now();
        let outcome: { statusCode: number | null; error: string | null };
        try {
          const statusCode = await postWebhook(message.url, headers, body, policy);
          outcome = { statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `answered ${statusCode}` };
        } catch (error) {
          outcome = { statusCode: null, error: error instanceof Error ? error.message.slice(0, 300) : "request failed" };
        }
        await recordOutcome(message, { ...outcome, durationMs: Math.round(performance.now() - started) }, now());
        if (!outcome.error) delivered++;
      }),
    );
  }
}

/** Polls the webhook queue, and wakes at once for events queued by this process. */
export function startWebhookWorker() {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = deliverDueWebhooks({ shouldStop: () => stopped })
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
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
