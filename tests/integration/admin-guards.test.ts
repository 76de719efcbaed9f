import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { requestWithCookie, signInAs } from "../auth-helpers";

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
const apiModules = import.meta.glob<RouteModule>(
  ["../../app/routes/api/uploads.ts", "../../app/routes/api/content-history.ts", "../../app/routes/api/member-referrals.ts", "../../app/routes/api/waitlist-csv.ts", "../../app/routes/api/funnel-csv.ts", "../../app/routes/api/member-import-problems.ts"],
  { eager: true },
);
const adminApis = Object.fromEntries(
  Object.entries(apiModules).map(([file, module]) => {
    const method = file.endsWith("uploads.ts") ? "POST" : "GET";
    const handler = (method === "POST" ? module.action : module.loader) as Handler;
    const run: Handler = (args) => handler({ ...args, params: { memberId: "00000000-0000-4000-8000-000000000000", importId: "00000000-0000-4000-8000-000000000000" } });
    return [file.replace("../../app/routes/", ""), { method, run }];
  }),
);

let memberCookie = "";
let adminCookie = "";

beforeAll(async () => {
  await resetDatabase();
  memberCookie = await signInAs("crew.member@example.com");
  adminCookie = await signInAs("admin@example.com");
});

describe("server-side admin checks", () => {
  it("covers the admin screens", () => {
    expect(handlers.length).toBeGreaterThan(1);
  });

  it.each(handlers)("$name sends anonymous visitors to /login and members to /unauthorized", async ({ kind, handler }) => {
    const init = kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "probe" }) } : {};
    expect(await outcome(handler, requestWithCookie("/admin/overview", undefined, init))).toMatch(/^302 \/login\?redirectTo=/);
    expect(await outcome(handler, requestWithCookie("/admin/overview", memberCookie, init))).toMatch(/^302 \/unauthorized/);
  });

  it.each(Object.entries(adminApis))("%s refuses anonymous visitors (401) and members (403)", async (_name, handler) => {
    const request = (cookie?: string) => requestWithCookie("/api/probe?name=homepageMainSubtitle", cookie, handler.method === "POST" ? { method: "POST", body: new FormData() } : {});
    expect(await outcome(handler.run, request())).toBe("401");
    expect(await outcome(handler.run, request(memberCookie))).toBe("403");
    expect(await outcome(handler.run, request(adminCookie))).not.toMatch(/^40[13]/);
  });

  it("lets an admin through", async () => {
    const overview = modules["../../app/routes/admin/overview.tsx"]?.loader;
    expect(overview).toBeDefined();
    expect(await outcome(overview!, requestWithCookie("/admin/overview", adminCookie))).toBe("allowed");
  });
});
