import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, users, waitlistUsers, webhookEndpoints, webhookMessages } from "../../db/schema";
import { createApiKey } from "~/lib/api/api-keys.server";
import { handleApiRequest } from "~/lib/api/dispatch.server";
import { API_ENDPOINTS } from "~/lib/api/endpoints.server";
import { API_SCOPE_NAMES } from "~/lib/api/scopes";
import { NOT_A_CHILD_MESSAGE, setChildChoices } from "~/lib/consent/child-choices.server";
import { crewNameOf } from "~/lib/crew-names/crew-name";
import { db } from "~/kernel/db.server";
import { listLeaderboard, placeInLine } from "~/lib/leaderboard/leaderboard.server";
import { buildMemberExport } from "~/lib/privacy/export-member.server";
import { getShareCard } from "~/lib/share-cards/share-card.server";
import { confirmMemberEmail } from "~/lib/waitlist/members.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { resetDatabase } from "../db-reset";
import { loadRouteServer, staticRoutePaths } from "../route-server";

// Issue 38, item 2 (ADR 0065): a parent approves a child and answers "Show on the public
// leaderboard"; "No" keeps the child off every public surface while they keep points and a
// place. Integrations (webhooks, API keys) see no child at all until the parent's separate
// yes to "Share with the studio's partners". Each case checks the other side too: the
// grown-up beside the child is listed, carded, sent and read as before.

const CHILD = { ageBand: "under_consent_age", method: "parent_email_plus", noticeVersion: 1, country: "ES", consentAge: 14 } as const;
let secret = "";

async function api(method: string, path: string, body?: unknown) {
  const request = new Request(`http://localhost:3000/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handleApiRequest(request, API_ENDPOINTS, { clientIp: "192.0.2.1" });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function family() {
  const grownUp = (await joinWaitlist({ email: "grown.up@example.com", isConfirmed: true })).member;
  const child = (await joinWaitlist({ email: "parent.of.kid@example.com", consent: CHILD })).member;
  // The child leads, so a missing child shows in every list.
  await db.update(waitlistUsers).set({ points: 500 }).where(eq(waitlistUsers.id, child.id));
  return { grownUp, child };
}

async function webhookMemberIds(): Promise<string[]> {
  const rows = await db.select({ memberIds: webhookMessages.memberIds }).from(webhookMessages);
  return rows.flatMap((row) => row.memberIds ?? []);
}

describe("a child the parent has not shown", () => {
  beforeEach(async () => {
    await resetDatabase();
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    await db.insert(webhookEndpoints).values({ url: "https://hooks.example.net/in", events: ["member.joined", "member.confirmed", "referral.credited"], secret: "whsec_dGVzdA==" });
    secret = (await createApiKey({ name: "CRM", scopes: API_SCOPE_NAMES }, "admin-1")).secret;
  });

  it("is on no leaderboard or share card, and keeps points and a place the parent sees", async () => {
    const { grownUp, child } = await family();
    expect((await listLeaderboard()).map((row) => row.memberId)).toEqual([grownUp.id]);
    expect(await getShareCard(child.referralCode)).toBeNull();
    expect(await getShareCard(grownUp.referralCode)).not.toBeNull();
    // The child's place counts: first, and the grown-up second behind them.
    expect((await placeInLine({ points: 500, referralsMade: 0, isBlocked: false }))?.rank).toBe(1);
    expect((await listLeaderboard())[0]?.rank).toBe(2);
    const exported = await buildMemberExport(child.id);
    expect(exported?.consent).toMatchObject({ parentsChoices: { showOnPublicLeaderboard: false, shareWithStudiosPartners: false } });
  });

  it("reaches no webhook and no API key; the grown-up does", async () => {
    const { grownUp, child } = await family();
    await confirmMemberEmail(child.id);
    expect(await webhookMemberIds()).toEqual([grownUp.id]);

    const list = await api("GET", "/members?limit=50");
    expect((list.body.data as { id: string }[]).map((member) => member.id)).toEqual([grownUp.id]);
    expect((await api("GET", `/members/${child.id}`)).status).toBe(404);
    expect((await api("GET", `/members/${grownUp.id}`)).status).toBe(200);
    expect((await api("GET", `/leaderboard/members/${child.id}`)).status).toBe(404);
    const board = await api("GET", "/leaderboard?view=all-time");
    expect((board.body.data as { memberId: string }[]).map((row) => row.memberId)).toEqual([grownUp.id]);
    // Writing to the child, or "adding" the child's address, tells nothing and changes nothing.
    expect((await api("PATCH", `/members/${child.id}`, { notes: "found you" })).status).toBe(404);
    const [stored] = await db.select({ notes: waitlistUsers.notes }).from(waitlistUsers).where(eq(waitlistUsers.id, child.id));
    expect(stored?.notes).toBe("");
    // The parent's address joining through the API is the grown-up's own membership in the
    // same family (ADR 0067): a new member, and nothing of the child in the answer.
    const added = await api("POST", "/members", { email: "parent.of.kid@example.com", birthMonth: "1", birthYear: "1980" });
    expect(added.status).toBe(201);
    expect(JSON.stringify(added.body)).not.toContain(child.id);
    expect((added.body as { isNewMember: boolean }).isNewMember).toBe(true);
    expect((await api("PATCH", `/members/${grownUp.id}`, { notes: "VIP" })).status).toBe(200);
  });

  it("is listed once the parent says yes, and reaches integrations only with the separate yes to sharing", async () => {
    const { grownUp, child } = await family();
    await setChildChoices(child.id, { showOnLeaderboard: true, shareWithPartners: false });
    expect((await listLeaderboard()).map((row) => row.memberId)).toEqual([child.id, grownUp.id]);
    expect(await getShareCard(child.referralCode)).not.toBeNull();
    expect((await api("GET", `/members/${child.id}`)).status).toBe(404);
    expect((await api("GET", "/leaderboard?view=all-time")).body.data).toHaveLength(1);

    await setChildChoices(child.id, { showOnLeaderboard: true, shareWithPartners: true });
    const read = await api("GET", `/members/${child.id}`);
    expect(read).toMatchObject({ status: 200, body: { id: child.id, nickname: crewNameOf(child.id, 0) } });
    await confirmMemberEmail(child.id);
    expect(await webhookMemberIds()).toEqual(expect.arrayContaining([grownUp.id, child.id]));
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "consent.choices_changed"));
    expect(audit.map((row) => row.after)).toEqual([
      { showOnLeaderboard: true, shareWithPartners: false },
      { showOnLeaderboard: true, shareWithPartners: true },
    ]);
  });

  it("are choices only a child's membership has: a grown-up's is refused and unchanged", async () => {
    const { grownUp } = await family();
    await expect(setChildChoices(grownUp.id, { showOnLeaderboard: false, shareWithPartners: false })).rejects.toThrow(NOT_A_CHILD_MESSAGE);
    const [row] = await db.select({ shown: waitlistUsers.isShownPublicly, reaches: waitlistUsers.reachesPartners }).from(waitlistUsers).where(eq(waitlistUsers.id, grownUp.id));
    expect(row).toEqual({ shown: true, reaches: true });
  });
});

describe("the leak walk over every public route", () => {
  let server: Awaited<ReturnType<typeof loadRouteServer>> | undefined;

  beforeAll(async () => {
    await resetDatabase();
    server = await loadRouteServer({ cspNonce: "leak-test", requestId: "leak-test", clientIp: "198.51.100.7" });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("finds the shown members and no hidden child", async () => {
    const { grownUp, child } = await family();
    const shown = (await joinWaitlist({ email: "shown.parent@example.com", consent: CHILD })).member;
    await setChildChoices(shown.id, { showOnLeaderboard: true, shareWithPartners: false });
    await db.execute(sql`update waitlist_users set points = 300 where id = ${shown.id}`);
    const hiddenName = crewNameOf(child.id, 0);
    const walked: string[] = [];
    const paths = [...staticRoutePaths(server!.build).filter((path) => !path.startsWith("/dev/") && path !== "/api/events"), "/leaderboard?view=all-time", `/?ref=${child.referralCode}`];
    for (const path of paths) {
      const response = await server!.handle(new Request(`http://localhost:3000${path}`, { headers: { Accept: "text/html", "User-Agent": "Twitterbot/1.0" } }));
      expect(response.status, path).toBeLessThan(500);
      const text = await response.text();
      expect(text.includes(hiddenName), `${path} shows the hidden child`).toBe(false);
      walked.push(text);
    }
    const all = walked.join("\n");
    expect(all).toContain(crewNameOf(grownUp.id, 0));
    expect(all).toContain(crewNameOf(shown.id, 0));
  }, 120_000);
});
