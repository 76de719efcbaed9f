import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { BULK_EMAIL_KINDS, claimDueEmails, claimDueEmailsStatement, enqueueEmail, wakeEmailSender } from "./outbox.server";
import type { MailTransport } from "./transport.server";
import { BULK_BATCHES_IN_FLIGHT, BULK_LANES } from "./bulk-sender.server";
import { startOutboxWorker } from "./worker.server";

// A launch burst queues thousands of welcome e-mails: a sign-in link asked for meanwhile
// goes in its own lane, ahead of them, while they go in batches (ADR 0069).
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
    expect(kindsIn(/kind IN \(([^)]*)\)/.exec(claim ?? "")?.[1])).toEqual([...BULK_EMAIL_KINDS].sort());
    expect(kindsIn(/kind <> ALL \(ARRAY\[([^\]]*)\]/.exec(index ?? "")?.[1])).toEqual([...BULK_EMAIL_KINDS].sort());
  });

  it("takes only its lane's messages: the urgent lane no bulk ones, the bulk lane nothing else", async () => {
    await queueWelcomeBurst(3);
    expect(await claimDueEmails(1, 120, { lane: "urgent" })).toEqual([]);
    await magicLink("waiting@example.com");
    expect((await claimDueEmails(5, 120, { lane: "urgent" })).map((message) => message.to)).toEqual(["waiting@example.com"]);
    await magicLink("second@example.com");
    expect((await claimDueEmails(5, 120, { lane: "bulk" })).map((message) => message.to)).toEqual(["crew1@example.com", "crew2@example.com", "crew3@example.com"]);
    expect((await claimDueEmails(5, 120, { lane: "any" })).map((message) => message.to)).toEqual(["second@example.com"]);
  });

  it("refuses a lane it does not know", async () => {
    await expect(db.execute(sql`select * from email_outbox_claim(1, 120, null, 'slow')`)).rejects.toThrow();
  });
});

/** A transport that records each message handed to it, taking `delayMs` for each, as a mail server would. */
function recordingTransport(delayMs = 0) {
  const sent: string[] = [];
  const transport: MailTransport = {
    kind: "local",
    send: async (message) => {
      if (delayMs > 0) await sleep(delayMs);
      sent.push(message.to);
    },
    close: () => undefined,
  };
  return { sent, transport };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(10);
  }
}

const statuses = async () =>
  (await db.execute<{ status: string; n: number }>(sql`select status, count(*)::integer as n from email_outbox group by status order by status`)).rows;

describe("the sender's two lanes", () => {
  it("sends a sign-in link asked for during a burst at once, ahead of 1,000 queued welcome e-mails", async () => {
    await queueWelcomeBurst(1000);
    const urgent = recordingTransport();
    const bulk = recordingTransport(20);
    const worker = startOutboxWorker({ urgent: urgent.transport, bulk: bulk.transport });
    try {
      await until(() => bulk.sent.length >= 20);
      await magicLink("waiting@example.com");
      await until(() => urgent.sent.length === 1);
      // Counted in messages, so a busy machine's latency does not decide it: most welcomes still wait.
      expect(bulk.sent.length).toBeLessThan(500);
      expect(urgent.sent).toEqual(["waiting@example.com"]);
      await until(() => bulk.sent.length === 1000);
    } finally {
      await worker.stop();
    }
    expect(new Set(bulk.sent).size).toBe(1000);
    expect(await statuses()).toEqual([{ status: "sent", n: 1001 }]);
  });

  it("sends each welcome e-mail of a burst that keeps arriving while it sends exactly once", async () => {
    const { sent, transport } = recordingTransport(1);
    const worker = startOutboxWorker({ urgent: recordingTransport().transport, bulk: transport });
    try {
      for (let wave = 0; wave < 10; wave++) {
        await db.execute(sql`
          insert into email_outbox (kind, to_address, subject, html, text)
          select 'welcome', 'wave' || ${wave}::int || '-' || g || '@example.com', 'Welcome', '<p>Hi</p>', 'Hi' from generate_series(1, 150) g`);
        wakeEmailSender("welcome");
        await sleep(30);
      }
      await until(() => sent.length >= 1500);
      await sleep(100); // nothing more comes
    } finally {
      await worker.stop();
    }
    expect(sent).toHaveLength(1500);
    expect(new Set(sent).size).toBe(1500);
    expect(await statuses()).toEqual([{ status: "sent", n: 1500 }]);
  });

  it("once stopped leases nothing more in either lane: what is in flight finishes, the rest is free for the next process at once", async () => {
    await queueWelcomeBurst(300);
    for (const n of [1, 2, 3]) await magicLink(`link${n}@example.com`);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const inFlight = { urgent: 0, bulk: 0 };
    const held = (lane: keyof typeof inFlight): MailTransport => ({
      kind: "local",
      send: async () => {
        inFlight[lane]++;
        await released;
      },
      close: () => undefined,
    });
    const worker = startOutboxWorker({ urgent: held("urgent"), bulk: held("bulk") });
    // Each batch in hand has BULK_LANES messages in flight (the test's transport is not pooled).
    const bulkInFlight = BULK_LANES * BULK_BATCHES_IN_FLIGHT;
    await until(() => inFlight.urgent === 1 && inFlight.bulk === bulkInFlight);
    const stopping = worker.stop();
    release();
    await stopping;
    expect(inFlight).toEqual({ urgent: 1, bulk: bulkInFlight });
    const rows = await db.execute<{ status: string; is_leased: boolean; attempts: number; n: number }>(sql`
      select status, locked_until is not null as is_leased, attempts, count(*)::integer as n from email_outbox group by 1, 2, 3 order by 1, 2, 3`);
    expect(rows.rows).toEqual([
      // The urgent lane's untaken messages were never claimed; the bulk batch's untried ones came back uncounted.
      { status: "pending", is_leased: false, attempts: 0, n: 303 - 1 - bulkInFlight },
      { status: "sent", is_leased: false, attempts: 1, n: 1 + bulkInFlight },
    ]);
  });
});
