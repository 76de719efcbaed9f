import http from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { listenDuringTests } from "../tests/listening-server";
import { waitlistUsers } from "../db/schema";
import { resetDatabase } from "../tests/db-reset";
import { db } from "~/kernel/db.server";
import { getEnv } from "~/kernel/env.server";
import { readFormData } from "~/kernel/http/form-data.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberReferral } from "~/lib/waitlist/visitor-cookies.server";
import { MAX_BODY_BYTES } from "./body-limit";
import { createRequestGuards, guardRequests } from "./guards";
import { JOIN_PATH, joinRoute, type JoinRouteLocals } from "./join-route";
import { ADULT_BIRTH } from "../tests/factories";

// server/app.ts's order — the guard list, the join's route, then what the React Router
// handler would be given (the form it reads, the answer left for it) — with a stand-in for
// the handler, as the app's build cannot load under vitest.
const guards = createRequestGuards({ strict: true, trustProxy: false });
const app = express();
app.use(guardRequests(guards));
app.post(JOIN_PATH, joinRoute);
app.use(async (req, res: express.Response<unknown, JoinRouteLocals>) => {
  const handedOver = res.locals.joinAnswer;
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: req.headers as Record<string, string> };
  if (req.method !== "GET" && req.method !== "HEAD" && !handedOver) {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  const form = await readFormData(new Request(`http://app${req.originalUrl}`, init));
  if (res.headersSent) return;
  res.json({ reachedApp: true, fields: [...form.keys()].length, handedOver: handedOver ?? null });
});

const ORIGIN = getEnv().origin; // http://localhost:3000 (PUBLIC_ORIGIN unset in tests)
const HOST = new URL(ORIGIN).host;
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const served = listenDuringTests(app);

beforeEach(resetDatabase);

type Sent = { method?: string; path?: string; host?: string; headers?: Record<string, string | number>; body?: string };
type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send({ method = "POST", path = "/join-waitlist", host = HOST, headers = FORM, body }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: served.port(), method, path, headers: { host, ...headers } }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(parts).toString() }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const join = (email: string, headers: Record<string, string> = {}) =>
  send({ headers: { ...FORM, ...headers }, body: new URLSearchParams({ email, ...ADULT_BIRTH }).toString() });

async function memberOf(email: string) {
  const [member] = await db
    .select({ id: waitlistUsers.id, referredBy: waitlistUsers.referredByUserId })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.email, email));
  return member ?? null;
}

const cookieNames = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split("=", 1)[0]);

describe("a form post without JavaScript", () => {
  it("joins and is sent to the thank-you page with the app's cookies and security headers", async () => {
    const answer = await join("route.ada@example.com");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/thank-you?welcome=new");
    expect(cookieNames(answer)).toEqual(["lc_member", "lc_ref", "lc_flash"]);
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.text).toBe("");
    expect(await memberOf("route.ada@example.com")).not.toBeNull();
  });

  it("joins through the friend's link the signed referral cookie remembers", async () => {
    const { member: friend } = await joinWaitlist({ email: "route.friend@example.com" });
    const referral = (await rememberReferral(friend.referralCode, null)).split(";", 1)[0]!;
    expect((await join("route.grace@example.com", { cookie: referral })).status).toBe(302);
    expect((await memberOf("route.grace@example.com"))?.referredBy).toBe(friend.id);
  });

  it("leaves a refusal that shows the form again to the page, with its answer, which renders it without joining again", async () => {
    const answer = await join("not-an-address");
    const reached = JSON.parse(answer.text) as { reachedApp: boolean; fields: number; handedOver: { kind: string; status: number; data: { form?: { error?: Record<string, string[]> } } } };
    expect(reached.reachedApp).toBe(true);
    expect(reached.fields).toBe(0); // the route read the body; the app renders the answer it was given
    expect(reached.handedOver).toMatchObject({ kind: "refused", status: 400 });
    expect(reached.handedOver.data.form?.error?.email).toEqual(["Please enter a valid email address."]);
    expect(await db.select({ id: waitlistUsers.id }).from(waitlistUsers)).toEqual([]);
  });

  it("counts the no-JavaScript limit once per post: the sixth from a network gets the small wait page (429), not the app", async () => {
    for (let index = 0; index < 5; index++) expect((await join(`route.family.${index}@example.com`)).status).toBe(302);
    const sixth = await join("route.family.5@example.com");
    expect(sixth.status).toBe(429);
    expect(sixth.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(sixth.headers["cache-control"]).toBe("no-store");
    expect(sixth.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(sixth.text).not.toContain("reachedApp");
    expect(sixth.text).toMatch(/<html lang="en">[\s\S]*<h1>Join the Waitlist<\/h1>[\s\S]*<p role="alert">Too many signups from your network\. .*turn on JavaScript\.<\/p>/);
    expect(sixth.text).toContain('<a href="/join-waitlist">Back to the form</a>');
    expect(await memberOf("route.family.5@example.com")).toBeNull();
    const hits = await db.execute<{ key: string; hits: number }>(sql`select key, hits from rate_limits order by key`);
    expect(hits.rows.map((row) => [row.key.split(":").slice(0, 2).join(":"), Number(row.hits)])).toEqual([
      ["join:no-js", 6],
      ["signup:network", 5],
    ]);
  });

  it("writes the wait page in the visitor's language", async () => {
    for (let index = 0; index < 6; index++) await join(`route.es.${index}@example.com`);
    const limited = await join("route.es.6@example.com", { "accept-language": "es-ES,es;q=0.9" });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('<html lang="es">');
    expect(limited.text).toContain("<h1>Únete a la lista de espera</h1>");
    expect(limited.text).toContain('<a href="/join-waitlist">Volver al formulario</a>');
    expect(limited.text).toContain("Demasiados");
    expect(limited.text).not.toContain("Too many");
  });
});

describe("posts the guards refuse, and posts the route leaves to the action", () => {
  const body = "email=route.other%40example.com";

  it.each([
    ["another Host", { host: "evil.example:3000" }, 421],
    ["another site's Origin", { headers: { ...FORM, origin: "https://evil.example" } }, 403],
    ["a cross-site Sec-Fetch-Site", { headers: { ...FORM, "sec-fetch-site": "cross-site" } }, 403],
    ["a body over the limit", { body: `email=a%40example.com&pad=${"x".repeat(MAX_BODY_BYTES)}` }, 413],
  ] as const)("%s", async (_name, sent, status) => {
    const answer = await send({ body, ...sent });
    expect(answer.status).toBe(status);
    expect(await memberOf("route.other@example.com")).toBeNull();
  });

  it.each([
    ["a query string", { path: "/join-waitlist?index" }],
    ["a trailing slash", { path: "/join-waitlist/" }],
    ["a multipart body", { headers: { ...FORM, "content-type": "multipart/form-data; boundary=x" } }],
    ["a chunked body", { headers: { ...FORM, "transfer-encoding": "chunked" } }],
  ] as const)("%s reaches the app with its body unread", async (_name, sent) => {
    const answer = await send({ body, ...sent });
    expect(JSON.parse(answer.text)).toMatchObject({ reachedApp: true, handedOver: null });
    expect(await memberOf("route.other@example.com")).toBeNull();
  });
});

it("survives a client that hangs up halfway through its body: nothing stored, the server goes on", async () => {
  await new Promise<void>((resolve) => {
    const request = http.request({ host: "127.0.0.1", port: served.port(), method: "POST", path: "/join-waitlist", headers: { host: HOST, ...FORM, "content-length": 500 } });
    request.on("error", () => resolve());
    request.write("email=route.cut%40exa");
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 100);
  });
  expect(await memberOf("route.cut@example.com")).toBeNull();
  expect((await join("route.after@example.com")).status).toBe(302);
});
