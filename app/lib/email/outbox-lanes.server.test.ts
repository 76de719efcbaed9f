import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../db.server";
import { BULK_EMAIL_KINDS, claimDueEmails, claimDueEmailsStatement, enqueueEmail } from "./outbox.server";
import type { MailTransport } from "./transport.server";
import { BULK_PACE_DURING_BURST_MS, startOutboxWorker } from "./worker.server";

// A launch burst queues thousands of welcome e-mails: a sign-in link asked for meanwhile
// goes ahead of them, and while the burst lasts they go at a gentle pace (ADR 0038).
beforeEach(resetDatabase);

/** A burst's welcome e-mails, all due before anything queued after them. */
async function queueWelcomeBurst(count: number) {
  await db.execute(sql`
    insert into email_outbox (kind, to_address, subject, html, text, next_attempt_at)
    select 'welcome', 'crew' || g || '@example.com', 'Welcome', '<p>Hi</p>', 'Hi', now() - make_interval(secs => 5000 - g)
      from generate_series(1, ${count}) g`);
}

/**
 * Pages (buffers) a claim touches once its plan is made (the first call in a session also
 * reads the catalog to plan it); the claims themselves rolled back.
 */
async function pagesReadByAClaim(): Promise<number> {
  let pages = Number.NaN;
  await db
    .transaction(async (tx) => {
      await tx.execute(claimDueEmailsStatement(1, 120));
      const result = await tx.execute(sql`explain (analyze, buffers, format json) ${claimDueEmailsStatement(1, 120)}`);
      const plan = (result.rows[0] as Record<string, [{ Plan: Record<string, number> }]>)["QUERY PLAN"]![0].Plan;
      pages = plan["Shared Hit Blocks"]! + plan["Shared Read Blocks"]!;
      tx.rollback();
    })
    .catch(() => undefined);
  return pages;
}

const magicLink = (to: string) => enqueueEmail({ kind: "magic_link", to, subject: "Your sign-in link", html: "<p>Link</p>", text: "Link" });

describe("claiming the next message", () => {
  it("takes a sign-in link ahead of 5,000 older welcome e-mails, reading a few pages of the queue, not all of it", async () => {
    await queueWelcomeBurst(5000);
    await magicLink("waiting@example.com");

    // Before the statistics saw the burst (as during one, while autovacuum catches up), and after.
    const queuePages = Number(
      (await db.execute<{ pages: number }>(sql`select (pg_total_relation_size('email_outbox') / current_setting('block_size')::int)::int as pages`)).rows[0]!.pages,
    );
    for (const analyzed of [false, true]) {
      if (analyzed) await db.execute(sql`analyze email_outbox`);
      const pages = await pagesReadByAClaim();
      expect(pages, analyzed ? "analyzed" : "before analyze").toBeLessThan(40);
      expect(pages * 3, "a third of the queue's pages at most").toBeLessThan(queuePages);
    }
    expect((await claimDueEmails(1)).map((message) => message.to)).toEqual(["waiting@example.com"]);
    expect((await claimDueEmails(2)).map((message) => message.to)).toEqual(["crew1@example.com", "crew2@example.com"]);
  });

  it("names the same bulk kinds in the claim, its index and the sender", async () => {
    const [claim, index] = (
      await db.execute<{ definition: string }>(sql`
        select pg_get_functiondef('email_outbox_claim'::regproc) as definition
        union all select indexdef from pg_indexes where indexname = 'email_outbox_urgent_due_idx'`)
    ).rows.map((row) => row.definition);
    const kindsIn = (clause: string | undefined) => [...(clause ?? "").matchAll(/'([a-z_]+)'/g)].map((match) => match[1]).sort();
    expect(kindsIn(/kind NOT IN \(([^)]*)\)/.exec(claim ?? "")?.[1])).toEqual([...BULK_EMAIL_KINDS].sort());
    expect(kindsIn(/kind <> ALL \(ARRAY\[([^\]]*)\]/.exec(index ?? "")?.[1])).toEqual([...BULK_EMAIL_KINDS].sort());
  });

  it("leaves bulk messages alone when told to, and still takes the others", async () => {
    await queueWelcomeBurst(3);
    expect(await claimDueEmails(1, 120, { includeBulk: false })).toEqual([]);
    await magicLink("waiting@example.com");
    expect((await claimDueEmails(5, 120, { includeBulk: false })).map((message) => message.to)).toEqual(["waiting@example.com"]);
  });
});

/** A transport that records when each message was handed to it. */
function recordingTransport() {
  const sent: { to: string; at: number }[] = [];
  const transport: MailTransport = { kind: "local", send: async (message) => void sent.push({ to: message.to, at: Date.now() }), close: () => undefined };
  return { sent, transport };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(10);
  }
}

describe("the sender", () => {
  it("during a burst of sign-ups sends the welcome e-mails one per pace, and a sign-in link at once", async () => {
    await queueWelcomeBurst(50);
    const { sent, transport } = recordingTransport();
    const worker = startOutboxWorker(transport, { isBurstOn: () => true });
    try {
      await until(() => sent.length >= 3);
      const asked = Date.now();
      await magicLink("waiting@example.com");
      await until(() => sent.some((message) => message.to === "waiting@example.com"));
      // At once: it overtakes the paced queue (47 welcomes still waiting would take 4.7 s)
      // rather than waiting its turn; counted in messages, so a busy machine's latency does not decide it.
      expect(Date.now() - asked).toBeLessThan(BULK_PACE_DURING_BURST_MS * 20);
      expect(sent.findIndex((message) => message.to === "waiting@example.com")).toBeLessThan(25);
      await sleep(BULK_PACE_DURING_BURST_MS * 4);
      const welcomes = sent.filter((message) => message.to !== "waiting@example.com");
      const gaps = welcomes.slice(1).map((message, index) => message.at - welcomes[index]!.at);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(BULK_PACE_DURING_BURST_MS - 5);
      expect(welcomes.length).toBeLessThan(20);
    } finally {
      await worker.stop();
    }
  });

  it("sends a burst's welcome e-mails at full speed once the burst is over", async () => {
    await queueWelcomeBurst(50);
    const { sent, transport } = recordingTransport();
    let isBurstOn = true;
    const worker = startOutboxWorker(transport, { isBurstOn: () => isBurstOn });
    try {
      await until(() => sent.length >= 2);
      isBurstOn = false;
      const over = Date.now();
      await until(() => sent.length === 50);
      expect(Date.now() - over).toBeLessThan(50 * BULK_PACE_DURING_BURST_MS);
    } finally {
      await worker.stop();
    }
    const statuses = await db.execute<{ status: string; n: number }>(sql`select status, count(*)::integer as n from email_outbox group by status`);
    expect(statuses.rows).toEqual([{ status: "sent", n: 50 }]);
  });
});
