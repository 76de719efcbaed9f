import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, memberInvites, users, waitlistUsers, waves } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { API_ENDPOINTS } from "~/lib/api/endpoints.server";
import { createApiKey } from "~/lib/api/api-keys.server";
import { handleApiRequest } from "~/lib/api/dispatch.server";
import { db } from "~/kernel/db.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action } from "~/routes/admin/launch";

// Admin → Launch's bad input: refused with a clear message, with nothing queued.
type Args = Parameters<typeof action>[0];
type Answer = { ok: boolean; toast: { title: string; description?: string }; value?: { count: number; alreadyInvited: number; unknownAddresses: number; sample: unknown[] } };
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };

let owner: string;

beforeEach(async () => {
  await resetDatabase();
  owner = await signInAs("admin@example.com"); // ADMIN_EMAILS in local mode: the team's owner
  for (const [index, local] of ["nova", "pixel", "comet", "orbit"].entries()) {
    const { member } = await joinWaitlist({ email: `${local}@example.com` });
    await db.update(waitlistUsers).set({ points: 100 - index * 10, tags: local === "comet" ? ["artist"] : [] }).where(eq(waitlistUsers.id, member.id));
  }
});

async function post(cookie: string, fields: Record<string, string>): Promise<{ status: number; answer: Answer }> {
  const request = requestWithCookie("/admin/launch", cookie, { method: "POST", body: new URLSearchParams(fields) });
  try {
    const result = (await action({ request, params: {}, context } as unknown as Args)) as { data: Answer; init: { status?: number } | null };
    return { status: result.init?.status ?? 200, answer: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, answer: { ok: false, toast: { title: thrown.headers.get("Location") ?? "" } } };
    throw thrown;
  }
}

async function nothingQueued() {
  expect(await db.select().from(waves)).toEqual([]);
  expect(await db.select().from(memberInvites)).toEqual([]);
  expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "wave_invite"))).toEqual([]);
}

describe("Admin → Launch", () => {
  it("previews the exact count and a sample, writing nothing, then invites", async () => {
    const preview = await post(owner, { intent: "preview", kind: "top_all_time", count: "3" });
    expect(preview.answer).toMatchObject({ ok: true, value: { count: 3, alreadyInvited: 0 } });
    expect(preview.answer.value!.sample).toHaveLength(3);
    await nothingQueued();
    const invited = await post(owner, { intent: "invite", kind: "top_all_time", count: "3", name: "First wave" });
    expect(invited.answer.toast).toEqual({ kind: "success", title: "Wave Invited!", description: "First wave: 3 members invited." });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "wave_invite"))).toHaveLength(3);
  });

  it("invites a pasted list's members, counting the addresses that are not members", async () => {
    const preview = await post(owner, { intent: "preview", kind: "members", addresses: "nova@example.com, Pixel@Example.com\nstranger@example.com" });
    expect(preview.answer.value).toMatchObject({ count: 2, unknownAddresses: 1 });
  });

  it("refuses an empty or unknown segment with a clear message, queuing nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ intent: "invite", kind: "tag", tag: "ghost" }, 'No crew member has the tag "ghost".'],
      [{ intent: "invite", kind: "season_winners", season: "2025-01-01" }, "January 2025 has not finished yet, so it has no winners."],
      [{ intent: "invite", kind: "confirmed" }, "No crew member has confirmed their e-mail yet."],
      [{ intent: "invite", kind: "members", addresses: "stranger@example.com" }, "None of these addresses is a crew member."],
      [{ intent: "invite", kind: "top_all_time" }, "Enter how many members."],
      [{ intent: "invite", kind: "top_all_time", count: "0" }, "Choose at least 1 member."],
      [{ intent: "invite", kind: "everyone-ever" }, "Choose who to invite."],
    ];
    for (const [fields, message] of cases) {
      const { status, answer } = await post(owner, fields);
      expect(status, message).toBe(400);
      expect(answer.ok).toBe(false);
      expect(answer.toast.description, message).toContain(message);
    }
    await nothingQueued();
  });

  it("lets only owners and admins invite: an editor or a viewer is turned away, and an API key needs waves:write", async () => {
    for (const role of ["editor", "viewer"] as const) {
      const email = `${role}@example.com`;
      const cookie = await signInAs(email);
      await db.update(users).set({ role }).where(eq(users.email, email));
      const { status, answer } = await post(cookie, { intent: "invite", kind: "top_all_time", count: "3" });
      expect(status).toBe(302);
      expect(answer.toast.title).toMatch(/^\/unauthorized/);
    }
    const readOnly = await createApiKey({ name: "Dashboard", scopes: ["waves:read"] }, (await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com")))[0]!.id);
    const request = new Request("http://localhost:3000/api/v1/waves", {
      method: "POST",
      headers: { Authorization: `Bearer ${readOnly.secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ audience: { kind: "top_all_time", count: 3 } }),
    });
    expect((await handleApiRequest(request, API_ENDPOINTS, { clientIp: "203.0.113.10" })).status).toBe(403);
    await nothingQueued();
  });
});
