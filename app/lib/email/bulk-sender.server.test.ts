import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import type { SmtpSink } from "../../../tests/e2e/smtp-sink";
import { startSmtpPeer } from "../../../tests/smtp-transport";
import { users } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { startRehearsal } from "../launch/rehearsal.server";
import { saveSiteSettings } from "../settings/settings.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { BULK_LANES, sendNextBulkBatch } from "./bulk-sender.server";
import { emailHashOf, getSuppression, suppressEmailHash } from "./suppression.server";
import type { MailTransport } from "./transport.server";

// A launch burst's welcome e-mails go in batches, BULK_LANES at a time over a pool (ADR 0069).
let peer: SmtpSink | undefined;
let transport: MailTransport | undefined;

beforeEach(resetDatabase);
afterEach(async () => {
  transport?.close();
  await peer?.stop();
  peer = transport = undefined;
});

async function startPeer(options: Parameters<typeof startSmtpPeer>[0] = {}) {
  // Pooled as the worker's bulk lane makes it: BULK_LANES connections at most.
  ({ peer, transport } = await startSmtpPeer(options, { maxConnections: BULK_LANES }));
  return { peer, transport };
}

async function queueWelcomes(count: number) {
  await db.execute(sql`
    insert into email_outbox (kind, to_address, subject, html, text, next_attempt_at)
    select 'welcome', 'crew' || g || '@example.com', 'Welcome', '<p>Hi</p>', 'Hi', now() - make_interval(secs => 5000 - g)
      from generate_series(1, ${count}) g`);
}

const rows = async () =>
  (
    await db.execute<{ to_address: string; status: string; attempts: number; is_leased: boolean; is_due: boolean }>(sql`
      select to_address, status, attempts, locked_until is not null as is_leased, next_attempt_at <= now() as is_due from email_outbox order by id`)
  ).rows;

describe("sending a batch of bulk messages", () => {
  it("stops at a 451 mid-batch: what is in flight goes, the untried come back uncounted, and each is received exactly once later", async () => {
    const { peer, transport } = await startPeer({ throttleAt: [40] });
    await queueWelcomes(100);
    const first = await sendNextBulkBatch(transport);
    expect(first).toMatchObject({ claimed: 100, failed: 1, slowDown: true });
    expect(first.sent).toBeGreaterThanOrEqual(40);
    expect(first.givenBack).toBeGreaterThan(0);
    expect(first.sent + first.givenBack + first.failed).toBe(100);
    // Messages already in flight when the 451 came (a lane each) were allowed to finish.
    expect(first.sent).toBeLessThanOrEqual(40 + BULK_LANES);
    expect(peer.received).toHaveLength(first.sent);

    const after = await rows();
    const givenBack = after.filter((row) => row.status === "pending" && row.attempts === 0);
    expect(givenBack).toHaveLength(first.givenBack);
    expect(givenBack.every((row) => !row.is_leased && row.is_due)).toBe(true);
    // The refused one waits for its back-off, its attempt counted.
    expect(after.filter((row) => row.status === "pending" && row.attempts === 1)).toEqual([
      expect.objectContaining({ is_leased: false, is_due: false }),
    ]);

    await db.execute(sql`update email_outbox set next_attempt_at = now() where status = 'pending'`); // the back-off has passed
    const second = await sendNextBulkBatch(transport);
    expect(second).toMatchObject({ claimed: 100 - first.sent, sent: 100 - first.sent, slowDown: false });
    expect(await sendNextBulkBatch(transport)).toMatchObject({ claimed: 0 });
    const received = peer.received.map((mail) => mail.to[0]);
    expect(received).toHaveLength(100);
    expect(new Set(received).size).toBe(100);
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
  });

  it("sends no welcome e-mail to an unsubscribed or bounced address, and a refused recipient bounces", async () => {
    const { peer, transport } = await startPeer({ rejectRecipients: ["gone@example.com"] });
    const { member } = await joinWaitlist({ email: "nova@example.com" });
    for (const email of ["left@example.com", "bounced@example.com", "gone@example.com"]) await joinWaitlist({ email });
    await suppressEmailHash(emailHashOf("left@example.com"), "unsubscribed");
    await suppressEmailHash(emailHashOf("bounced@example.com"), "bounced");
    await saveSiteSettings({ welcomeEmailTemplateHtml: "<p>Edited after the sign-up: {{REFERRAL_LINK}} for {{USER_EMAIL}}</p>" }, null);

    expect(await sendNextBulkBatch(transport)).toMatchObject({ claimed: 4, sent: 1, suppressed: 2, failed: 1, slowDown: false });
    expect(peer.received.map((mail) => mail.to)).toEqual([["nova@example.com"]]);
    const raw = peer.received[0]!.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
    expect(raw).toContain("Edited after the sign-up");
    expect(raw).toContain(`/?ref=${member.referralCode}`);
    expect(raw).toMatch(/\/unsubscribe\?token=/);

    const byAddress = Object.fromEntries(
      (
        await db.execute<{ to_address: string; status: string; has_template_data: boolean; html: string }>(sql`
          select to_address, status, template_data is not null as has_template_data, html from email_outbox`)
      ).rows.map((row) => [row.to_address, row]),
    );
    // What was sent stays with the row, rendered.
    expect(byAddress["nova@example.com"]).toMatchObject({ status: "sent", has_template_data: false });
    expect(byAddress["nova@example.com"]?.html).toContain("Edited after the sign-up");
    expect(byAddress["left@example.com"]).toMatchObject({ status: "suppressed", html: "", has_template_data: false });
    expect(byAddress["bounced@example.com"]).toMatchObject({ status: "suppressed", html: "", has_template_data: false });
    expect(byAddress["gone@example.com"]).toMatchObject({ status: "failed" });
    expect(await getSuppression("gone@example.com")).toBe("bounced");
  });

  it("makes a welcome e-mail it cannot render a failed attempt, never an empty e-mail", async () => {
    await db.execute(sql`
      insert into email_outbox (kind, to_address, subject, html, text, template_data)
      values ('welcome', 'broken@example.com', '', '', '', '{"memberId": 42}'::jsonb)`);
    const sent: string[] = [];
    const recording: MailTransport = { kind: "local", send: async (message) => void sent.push(message.to), close: () => undefined };
    expect(await sendNextBulkBatch(recording)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(sent).toEqual([]);
    expect(await rows()).toEqual([expect.objectContaining({ status: "pending", attempts: 1, is_leased: false })]);
  });

  it("keeps a welcome e-mail claimed in rehearsal mode in the back office, not sent", async () => {
    await db.insert(users).values({ id: "owner-1", name: "Owner", email: "owner@example.com", role: "owner" });
    await startRehearsal("owner-1");
    await joinWaitlist({ email: "rehearsed@example.com" });
    const sent: string[] = [];
    const recording: MailTransport = { kind: "local", send: async (message) => void sent.push(message.to), close: () => undefined };
    expect(await sendNextBulkBatch(recording)).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    expect(sent).toEqual([]);
    const kept = await db.execute<{ status: string; rehearsal: boolean }>(sql`select status, rehearsal from email_outbox`);
    expect(kept.rows).toEqual([{ status: "sent", rehearsal: true }]);
  });
});
