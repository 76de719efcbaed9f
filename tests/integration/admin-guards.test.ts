import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import type { AdminSectionPath } from "~/lib/admin/navigation";
import type { StaffAccess } from "~/lib/auth/guards.server";
import { canAccess, canReadRehearsalMailbox, type AccessMode } from "~/lib/auth/roles";
import { db } from "~/kernel/db.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type RouteModule = { loader?: Handler; action?: Handler };

// Every admin route module, so a new screen without its own check fails here.
const modules = import.meta.glob<RouteModule>("../../app/routes/admin/*.tsx", { eager: true });
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };

async function outcome(handler: Handler, request: Request): Promise<string> {
  try {
    await handler({ request, params: {}, context });
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("Location") ?? ""}`;
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (status) return String(status);
    throw thrown;
  }
}

const handlers = Object.entries(modules).flatMap(([file, module]) =>
  (["loader", "action"] as const).flatMap((kind) => {
    const handler = module[kind];
    const name = file.replace("../../app/routes/", "");
    return handler && !name.endsWith("index.tsx") ? [{ name: `${name} ${kind}`, kind, handler }] : [];
  }),
);

// Resource routes the back office calls from scripts answer with a status, not a redirect.
// Every one whose source calls requireStaffApi must be listed in API_ACCESS below.
const apiSources = import.meta.glob<string>("../../app/routes/api/*.ts", { query: "?raw", import: "default", eager: true });
const staffApiFiles = Object.entries(apiSources)
  .filter(([, source]) => source.includes("requireStaffApi("))
  .map(([file]) => file);
const apiModules = import.meta.glob<RouteModule>("../../app/routes/api/*.ts", { eager: true });
const adminApis = Object.fromEntries(
  staffApiFiles.map((file) => {
    const module = apiModules[file]!;
    const method = module.action ? "POST" : "GET";
    const handler = (method === "POST" ? module.action : module.loader) as Handler;
    const run: Handler = (args) => handler({ ...args, params: { memberId: "00000000-0000-4000-8000-000000000000", importId: "00000000-0000-4000-8000-000000000000" } });
    return [file.replace("../../app/routes/", ""), { method, run }];
  }),
);

const ROLES = ["member", "owner", "admin", "editor", "viewer"] as const;
type TestRole = (typeof ROLES)[number];
const cookies = {} as Record<TestRole, string>;

/**
 * The screen a route module belongs to (the review queue is part of the referral screen, the
 * rehearsal's mailbox is checked apart); none: the layout, open to the whole team.
 */
function sectionOf(name: string): AdminSectionPath | "rehearsal-mailbox" | undefined {
  const file = name.replace(/^admin\//, "").replace(/\.tsx.*$/, "");
  if (file === "layout") return undefined;
  if (file === "referral-review") return "referral-leaderboard";
  if (file.startsWith("rehearsal-mailbox")) return "rehearsal-mailbox";
  return file as AdminSectionPath;
}

function mayUse(role: TestRole, section: AdminSectionPath | "rehearsal-mailbox" | undefined, mode: AccessMode): boolean {
  if (role === "member") return false;
  // Members' held messages in full: owners and admins only, never the read-only Viewer (issue 37).
  if (section === "rehearsal-mailbox") return canReadRehearsalMailbox(role);
  return section ? canAccess(role, section, mode) : true;
}

// Resource routes: the screen and the kind of use each one serves.
const API_ACCESS: Record<string, { section: AdminSectionPath; mode: StaffAccess }> = {
  "api/uploads.ts": { section: "products", mode: "edit" },
  "api/content-history.ts": { section: "text-editor", mode: "view" },
  "api/member-referrals.ts": { section: "waitlist-emails", mode: "view" },
  "api/member-data.ts": { section: "waitlist-emails", mode: "edit" },
  "api/waitlist-csv.ts": { section: "waitlist-emails", mode: "export" },
  "api/funnel-csv.ts": { section: "reports-analytics", mode: "export" },
  "api/member-import-problems.ts": { section: "waitlist-emails", mode: "edit" },
  "api/audit-csv.ts": { section: "audit-log", mode: "export" },
};

beforeAll(async () => {
  await resetDatabase();
  for (const role of ROLES) {
    const email = `${role}.matrix@example.com`;
    cookies[role] = await signInAs(email);
    await db.update(users).set({ role }).where(eq(users.email, email));
  }
});

describe("server-side back-office checks: every route × every role", () => {
  it("covers the admin screens and the resource routes", () => {
    expect(handlers.length).toBeGreaterThan(20);
    expect(Object.keys(adminApis).sort()).toEqual(Object.keys(API_ACCESS).sort());
  });

  it.each(handlers)("$name: anonymous visitors go to /login, and each role gets exactly what its screen allows", async ({ name, kind, handler }) => {
    const init = () => (kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "probe" }) } : {});
    expect(await outcome(handler, requestWithCookie("/admin/overview", undefined, init()))).toMatch(/^302 \/login\?redirectTo=/);
    const section = sectionOf(name);
    for (const role of ROLES) {
      const result = await outcome(handler, requestWithCookie("/admin/overview", cookies[role], init()));
      const expected = mayUse(role, section, kind === "action" ? "edit" : "view");
      if (expected) expect(result, `${role} on ${name}`).not.toMatch(/^302 \/(unauthorized|login)/);
      else expect(result, `${role} on ${name}`).toMatch(/^302 \/unauthorized/);
    }
  });

  it.each(Object.entries(adminApis))("%s: 401 for anonymous visitors, 403 for roles its screen does not allow", async (name, handler) => {
    const request = (cookie?: string) => requestWithCookie("/api/probe?name=homepageMainSubtitle", cookie, handler.method === "POST" ? { method: "POST", body: new FormData() } : {});
    expect(await outcome(handler.run, request())).toBe("401");
    const { section, mode } = API_ACCESS[name]!;
    for (const role of ROLES) {
      // Exports: the Viewer role only when the team allows it (off by default).
      const expected = mode === "export" ? mayUse(role, section, "view") && role !== "viewer" : mayUse(role, section, mode);
      const result = await outcome(handler.run, request(cookies[role]));
      if (expected) expect(result, `${role} on ${name}`).not.toMatch(/^40[13]/);
      else expect(result, `${role} on ${name}`).toBe("403");
    }
  });

  it("lets viewers download exports once the team allows it", async () => {
    const waitlistCsv = adminApis["api/waitlist-csv.ts"]!;
    const request = () => requestWithCookie("/api/waitlist.csv", cookies.viewer);
    expect(await outcome(waitlistCsv.run, request())).toBe("403");
    await saveSiteSettings({ viewersMayExport: true }, null);
    expect(await outcome(waitlistCsv.run, request())).toBe("allowed");
    await saveSiteSettings({ viewersMayExport: false }, null);
  });

  it("takes the back office away at the next request when a role is removed", async () => {
    const overview = modules["../../app/routes/admin/overview.tsx"]!.loader!;
    const email = "leaving.editor@example.com";
    const cookie = await signInAs(email);
    await db.update(users).set({ role: "editor" }).where(eq(users.email, email));
    expect(await outcome(overview, requestWithCookie("/admin/overview", cookie))).toBe("allowed");
    await db.update(users).set({ role: "member" }).where(eq(users.email, email));
    expect(await outcome(overview, requestWithCookie("/admin/overview", cookie))).toMatch(/^302 \/unauthorized/);
  });
});
