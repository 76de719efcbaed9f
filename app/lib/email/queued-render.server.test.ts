import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { saveSiteSettings } from "../settings/settings.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { getMailboxMessage, listMailbox } from "./outbox.server";
import type { MailTransport } from "./transport.server";
import { deliverDueEmails } from "./worker.server";

// A sign-up queues its welcome e-mail unrendered; the sender renders it as it sends it
// (ADR 0038), and the dev mailbox shows a queued one as it would go out.
beforeEach(resetDatabase);

function recordingTransport() {
  const sent: { to: string; subject: string; html: string; text: string }[] = [];
  const transport: MailTransport = { kind: "local", send: async (message) => void sent.push(message), close: () => undefined };
  return { sent, transport };
}

describe("a welcome e-mail queued by a sign-up", () => {
  it("goes out from the template as it is when it is sent, and keeps what was sent", async () => {
    const { member } = await joinWaitlist({ email: "nova@example.com" });
    await saveSiteSettings({ welcomeEmailTemplateHtml: "<p>Edited after the sign-up: {{REFERRAL_LINK}} for {{USER_EMAIL}}</p>" }, null);
    const { sent, transport } = recordingTransport();
    expect(await deliverDueEmails(transport)).toBe(1);
    expect(sent[0]?.html).toContain("Edited after the sign-up");
    expect(sent[0]?.html).toContain(`/?ref=${member.referralCode}`);
    expect(sent[0]?.text).toContain("nova@example.com");
    expect(sent[0]?.text).toMatch(/\/confirm-email\?token=/);
    const [kept] = await db.select().from(emailOutbox);
    expect(kept).toMatchObject({ status: "sent", subject: sent[0]!.subject, html: sent[0]!.html, text: sent[0]!.text, templateData: null });
  });

  it("shows in the dev mailbox as it would go out, before it is sent", async () => {
    const { member } = await joinWaitlist({ email: "orbit@example.com" });
    const [entry] = await listMailbox();
    expect(entry).toMatchObject({ kind: "welcome", to: "orbit@example.com", status: "pending" });
    expect(entry?.subject).toMatch(/^Welcome to .+!$/);
    const message = await getMailboxMessage(entry!.id);
    expect(message?.html).toContain(`/?ref=${member.referralCode}`);
    expect(message?.text).toMatch(/\/confirm-email\?token=/);
  });

  it("that cannot be rendered is a failed attempt, never an empty e-mail", async () => {
    await db.execute(sql`
      insert into email_outbox (kind, to_address, subject, html, text, template_data)
      values ('welcome', 'broken@example.com', '', '', '', '{"memberId": 42}'::jsonb)`);
    const { sent, transport } = recordingTransport();
    expect(await deliverDueEmails(transport)).toBe(0);
    expect(sent).toEqual([]);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "broken@example.com"));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/no way to render/);
  });
});
