import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../../../db/schema";
import { latestMagicLink, openMagicLink, requestWithCookie, signInAs } from "../../../tests/auth-helpers";
import { resetDatabase } from "../../../tests/db-reset";
import { EMAIL_TABLE } from "../../../tests/email-addresses";
import { JoinInputSchema } from "../waitlist/waitlist.schema";
import { getAuth } from "./auth.server";
import { db } from "../../kernel/db.server";
import { saveSiteSettings } from "../settings/settings.server";
import { requireStaff, requireMember } from "./guards.server";
import { requestMagicLink, SIGN_IN_LIMITS } from "./magic-link.server";
import { getSessionUser } from "./session.server";
import { changeTeamRole, removeTeamMember } from "../team/team.server";

beforeEach(resetDatabase);

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a thrown redirect");
}

describe("magic-link sign-in", () => {
  it("accepts every address the waitlist accepts, and refuses the ones it refuses (one e-mail rule)", async () => {
    for (const [address, accepted] of EMAIL_TABLE) {
      const joined = JoinInputSchema.safeParse({ email: address });
      expect(joined.success, address).toBe(accepted);
      // Better Auth's own endpoint, with its own body schema, on what our forms hand on.
      const email = joined.success ? joined.data.email.toLowerCase() : address.trim();
      const signIn = getAuth().api.signInMagicLink({ body: { email, callbackURL: "/dashboard" }, headers: new Headers() });
      if (accepted) await expect(signIn, address).resolves.toMatchObject({ status: true });
      // Ours is only stricter on length (RFC 5321's 254 characters), which Better Auth doesn't check.
      else if (address.length <= 254) await expect(signIn, address).rejects.toThrow();
      else await signIn;
    }
  });


  it("signs a crew member in once, landing on the callback that leads to /dashboard", async () => {
    await requestMagicLink({ email: " Crew@Example.com ", clientIp: "10.0.0.1" });
    const link = await latestMagicLink("crew@example.com");
    const first = await openMagicLink(link);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toContain("/auth/callback?redirectTo=%2Fdashboard");
    const cookie = first.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const user = await getSessionUser(requestWithCookie("/dashboard", cookie));
    expect(user).toMatchObject({ email: "crew@example.com", isAdmin: false });

    const reused = await openMagicLink(link);
    expect(reused.headers.get("location")).toMatch(/\/login\?error=/);
    expect(reused.headers.getSetCookie()).toHaveLength(0);
  });

  it("stores only a hash of the token", async () => {
    await requestMagicLink({ email: "hash@example.com", clientIp: "10.0.0.2" });
    const token = new URL(await latestMagicLink("hash@example.com")).searchParams.get("token") ?? "";
    const rows = await db.select({ identifier: verifications.identifier, value: verifications.value }).from(verifications);
    expect(token.length).toBeGreaterThan(20);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses an expired link and says so", async () => {
    await requestMagicLink({ email: "late@example.com", clientIp: "10.0.0.3" });
    await db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
    const response = await openMagicLink(await latestMagicLink("late@example.com"));
    expect(response.headers.get("location")).toMatch(/\/login\?error=/);
    expect(await db.select().from(sessions)).toHaveLength(0);
  });

  it("limits sign-in requests per e-mail", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perEmail.limit; attempt++) {
      await requestMagicLink({ email: "busy@example.com", clientIp: `10.1.0.${attempt}` });
    }
    await expect(
      requestMagicLink({ email: "busy@example.com", clientIp: "10.1.0.99" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("limits sign-in requests per network, an IPv6 /64 counting as one", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perNetwork.limit; attempt++) {
      await requestMagicLink({ email: `kid${attempt}@example.com`, clientIp: `2001:db8:2::${attempt.toString(16)}` });
    }
    await expect(
      requestMagicLink({ email: "one-more@example.com", clientIp: "2001:db8:2:0:ffff::1" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await requestMagicLink({ email: "next-door@example.com", clientIp: "2001:db8:2:1::1" });
  });
});

describe("roles and guards", () => {
  it("makes ADMIN_EMAILS addresses owners at their first sign-in (admin@example.com outside a deployment)", async () => {
    const cookie = await signInAs("admin@example.com");
    expect(await getSessionUser(requestWithCookie("/admin", cookie))).toMatchObject({ isAdmin: true, role: "owner" });
    const [stored] = await db.select({ role: users.role }).from(users).where(eq(users.email, "admin@example.com"));
    expect(stored?.role).toBe("owner");
  });

  it("leaves the role of an ADMIN_EMAILS address the team changed alone at the next sign-in", async () => {
    await signInAs("admin@example.com");
    await db.insert(users).values({ id: "second-owner", name: "Olive", email: "olive@example.com", role: "owner" });
    await db.update(users).set({ role: "editor" }).where(eq(users.email, "admin@example.com"));
    const cookie = await signInAs("admin@example.com");
    expect(await getSessionUser(requestWithCookie("/admin", cookie))).toMatchObject({ role: "editor" });
    await db.update(users).set({ role: "owner" }).where(eq(users.email, "admin@example.com"));
  });

  it("keeps an ADMIN_EMAILS address off the team once another owner demoted or removed it: the address only seeds the first owner", async () => {
    await signInAs("admin@example.com");
    await db.insert(users).values({ id: "second-owner", name: "Olive", email: "olive@example.com", role: "owner" });
    const [seeded] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    const olive = { id: "second-owner", role: "owner" as const };
    await changeTeamRole(seeded!.id, "viewer", olive);
    let cookie = await signInAs("admin@example.com");
    expect(await getSessionUser(requestWithCookie("/admin", cookie))).toMatchObject({ role: "viewer" });
    await removeTeamMember(seeded!.id, olive);
    cookie = await signInAs("admin@example.com");
    expect(await getSessionUser(requestWithCookie("/admin", cookie))).toMatchObject({ isAdmin: false, role: "member" });
    const [stored] = await db.select({ role: users.role }).from(users).where(eq(users.email, "admin@example.com"));
    expect(stored?.role).toBe("member");
  });

  it("makes an ADMIN_EMAILS address owner again while the team has no owner at all", async () => {
    await db.insert(users).values({ id: "seeded-admin", name: "Admin", email: "admin@example.com", role: "member" });
    await signInAs("admin@example.com");
    const [stored] = await db.select({ role: users.role }).from(users).where(eq(users.email, "admin@example.com"));
    expect(stored?.role).toBe("owner");
  });

  it("sends anonymous visitors of admin pages to /login with the page to return to", async () => {
    const response = await thrownResponse(requireStaff(requestWithCookie("/admin/overview")));
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Foverview");
  });

  it("sends signed-in non-admins to /unauthorized", async () => {
    const cookie = await signInAs("member@example.com");
    const response = await thrownResponse(requireStaff(requestWithCookie("/admin/overview", cookie)));
    expect(response.headers.get("location")).toMatch(/^\/unauthorized/);
  });

  it("sends anonymous visitors of the dashboard to /join-waitlist", async () => {
    const response = await thrownResponse(requireMember(requestWithCookie("/dashboard")));
    expect(response.headers.get("location")).toBe("/join-waitlist?redirectTo=%2Fdashboard");
  });

  it("ends a session idle for longer than the timeout, on the server", async () => {
    await saveSiteSettings({ sessionTimeoutMinutes: 5 }, null);
    const cookie = await signInAs("sleepy@example.com");
    expect(await getSessionUser(requestWithCookie("/dashboard", cookie))).not.toBeNull();
    await db.update(sessions).set({ lastActiveAt: sql`now() - interval '6 minutes'` });
    expect(await getSessionUser(requestWithCookie("/dashboard", cookie))).toBeNull();
    expect(await db.select().from(sessions)).toHaveLength(0);
  });

  it("keeps an active session alive", async () => {
    await saveSiteSettings({ sessionTimeoutMinutes: 5 }, null);
    const cookie = await signInAs("busy-reader@example.com");
    await db.update(sessions).set({ lastActiveAt: sql`now() - interval '4 minutes'` });
    expect(await getSessionUser(requestWithCookie("/dashboard", cookie), { touch: true })).not.toBeNull();
    await db.update(sessions).set({ lastActiveAt: sql`last_active_at - interval '2 minutes'` });
    expect(await getSessionUser(requestWithCookie("/dashboard", cookie))).not.toBeNull();
  });
});
