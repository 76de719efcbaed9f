import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { claimDueEmails, enqueueEmail, markEmailSentAndClaimNext } from "~/lib/email/outbox.server";
import { startRehearsal } from "~/lib/launch/rehearsal.server";
import { loader as listLoader } from "~/routes/admin/rehearsal-mailbox";
import { loader as messageLoader } from "~/routes/admin/rehearsal-mailbox-message";

// Issue 37: the back-office mailbox holds families' messages in full, and their links act for real.
type ListArgs = Parameters<typeof listLoader>[0];
type MessageArgs = Parameters<typeof messageLoader>[0];
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
const CONSENT_LINK = "http://localhost:3000/parent-consent/answer?token=secret-consent-token";

const cookies: Record<"owner" | "admin" | "viewer", string> = { owner: "", admin: "", viewer: "" };
let heldId: number;

beforeEach(async () => {
  await resetDatabase();
  for (const role of ["owner", "admin", "viewer"] as const) {
    cookies[role] = await signInAs(`${role}.mailbox@example.com`);
    await db.update(users).set({ role }).where(eq(users.email, `${role}.mailbox@example.com`));
  }
  // The sign-in links went out before the rehearsal; a parent's consent request is held during it.
  while ((await claimDueEmails(10)).length > 0);
  const owner = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner.mailbox@example.com"));
  await startRehearsal(owner[0]!.id);
  heldId = await enqueueEmail({
    kind: "parent_consent",
    to: "parent@example.com",
    subject: "Please approve Nova's crew membership",
    text: `Hello! Nova would like to join.\n\nApprove: ${CONSENT_LINK}\n`,
    html: `<p>Hello! Nova would like to join.</p><p><a href="${CONSENT_LINK}">Approve</a> or open ${CONSENT_LINK}</p><img src="${CONSENT_LINK}&amp;pixel=1">`,
  });
  const [claimed] = await claimDueEmails(1);
  expect(claimed).toMatchObject({ id: heldId, rehearsal: true });
  await markEmailSentAndClaimNext(heldId, { forgetBody: false, claimNext: false, rehearsal: true });
});

async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("Location") ?? ""}`;
    throw thrown;
  }
}

const openList = (cookie: string) => outcome(() => listLoader({ request: requestWithCookie("/admin/rehearsal-mailbox", cookie), params: {}, context } as unknown as ListArgs));
const openMessage = (cookie: string) =>
  outcome(() => messageLoader({ request: requestWithCookie(`/admin/rehearsal-mailbox/${heldId}`, cookie), params: { id: String(heldId) }, context } as unknown as MessageArgs));

describe("the back-office mailbox during a rehearsal", () => {
  it("is closed to the read-only Viewer: neither the list nor a message", async () => {
    expect(await openList(cookies.viewer)).toMatch(/^302 \/unauthorized/);
    expect(await openMessage(cookies.viewer)).toMatch(/^302 \/unauthorized/);
  });

  it("shows owners and admins the held message whole, but none of its links", async () => {
    for (const role of ["owner", "admin"] as const) {
      const list = (await openList(cookies[role])) as { messages: { id: number; subject: string }[] };
      expect(list.messages.map((message) => message.id)).toEqual([heldId]);
      const { message } = (await openMessage(cookies[role])) as { message: { subject: string; text: string; html: string } };
      expect(message.subject).toBe("Please approve Nova's crew membership");
      expect(message.text).toContain("Hello! Nova would like to join.");
      expect(message.html).toContain("<p>Hello! Nova would like to join.</p>");
      expect(message.text).toContain("[link hidden in a rehearsal]");
      for (const part of [message.text, message.html]) {
        expect(part).not.toContain("secret-consent-token");
        expect(part).not.toContain("/parent-consent/answer");
      }
    }
  });
});
