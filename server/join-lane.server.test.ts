import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, waitlistUsers } from "../db/schema";
import { resetDatabase } from "../tests/db-reset";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/http/form-data.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { rememberReferral } from "~/lib/waitlist/visitor-cookies.server";
import { MAX_BODY_BYTES } from "./body-limit";
import { createRequestGuards, guardRequests } from "./guards";
import { takeJoinHandover, withJoinLane } from "./join-lane";
import { ADULT_BIRTH } from "../tests/factories";

// The join lane in front of a stand-in for the app (server/app.ts's guard list, then what
// the React Router handler would be given: the form it reads, the answer handed over), as
// server/http-process.js mounts it. The app's build cannot load under vitest.
const guards = createRequestGuards({ strict: true, trustProxy: false });
const app = express();
app.use(guardRequests(guards));
app.use(async (req, res) => {
  const handedOver = takeJoinHandover(req);
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
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(withJoinLane(app, guards));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(resetDatabase);

type Sent = { method?: string; path?: string; host?: string; headers?: Record<string, string | number>; body?: string };
type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send({ method = "POST", path = "/join-waitlist", host = HOST, headers = FORM, body }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { host, ...headers } }, (response) => {
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
    const answer = await join("lane.ada@example.com");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/thank-you?welcome=new");
    expect(cookieNames(answer)).toEqual(["lc_member", "lc_ref", "lc_flash"]);
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.text).toBe("");
    expect(await memberOf("lane.ada@example.com")).not.toBeNull();
  });

  it("joins through the friend's link the signed referral cookie remembers", async () => {
    const { member: friend } = await joinWaitlist({ email: "lane.friend@example.com" });
    const referral = (await rememberReferral(friend.referralCode, null)).split(";", 1)[0]!;
    expect((await join("lane.grace@example.com", { cookie: referral })).status).toBe(302);
    expect((await memberOf("lane.grace@example.com"))?.referredBy).toBe(friend.id);
  });

  it("hands a refusal over to the app with its answer, which renders it without joining again", async () => {
    const answer = await join("not-an-address");
    const reached = JSON.parse(answer.text) as { reachedApp: boolean; fields: number; handedOver: { kind: string; status: number; data: { form?: { error?: Record<string, string[]> } } } };
    expect(reached.reachedApp).toBe(true);
    expect(reached.fields).toBe(0); // the lane read the body; the app renders the answer it was given
    expect(reached.handedOver).toMatchObject({ kind: "refused", status: 400 });
    expect(reached.handedOver.data.form?.error?.email).toEqual(["Please enter a valid email address."]);
    expect(await db.select({ id: waitlistUsers.id }).from(waitlistUsers)).toEqual([]);
  });

  it("counts the no-JavaScript limit once per post: the sixth from a network gets the small wait page (429), not the app", async () => {
    for (let index = 0; index < 5; index++) expect((await join(`lane.family.${index}@example.com`)).status).toBe(302);
    const sixth = await join("lane.family.5@example.com");
    expect(sixth.status).toBe(429);
    expect(sixth.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(sixth.headers["cache-control"]).toBe("no-store");
    expect(sixth.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(sixth.text).not.toContain("reachedApp");
    expect(sixth.text).toMatch(/<html lang="en">[\s\S]*<h1>Join the Waitlist<\/h1>[\s\S]*<p role="alert">Too many signups from your network\. .*turn on JavaScript\.<\/p>/);
    expect(sixth.text).toContain('<a href="/join-waitlist">Back to the form</a>');
    expect(await memberOf("lane.family.5@example.com")).toBeNull();
    const hits = await db.execute<{ key: string; hits: number }>(sql`select key, hits from rate_limits order by key`);
    expect(hits.rows.map((row) => [row.key.split(":").slice(0, 2).join(":"), Number(row.hits)])).toEqual([
      ["join:no-js", 6],
      ["signup:network", 5],
    ]);
  });

  it("writes the wait page in the visitor's language", async () => {
    for (let index = 0; index < 6; index++) await join(`lane.es.${index}@example.com`);
    const limited = await join("lane.es.6@example.com", { "accept-language": "es-ES,es;q=0.9" });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('<html lang="es">');
    expect(limited.text).toContain("<h1>Únete a la lista de espera</h1>");
    expect(limited.text).toContain('<a href="/join-waitlist">Volver al formulario</a>');
    expect(limited.text).toContain("Demasiados");
    expect(limited.text).not.toContain("Too many");
  });
});

describe("a form post from the page's script (Accept: application/json)", () => {
  const json = { accept: "application/json" };

  it("joins and answers where to go, with the cookies", async () => {
    const answer = await join("lane.json@example.com", json);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.text)).toEqual({ redirect: "/thank-you?welcome=new" });
    expect(cookieNames(answer)).toEqual(["lc_member", "lc_ref", "lc_flash"]);
  });

  it("answers a refusal itself, with the form's errors and status, and stores nothing", async () => {
    const answer = await join("not-an-address", json);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ form: { error: { email: ["Please enter a valid email address."] } } });
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox)).toEqual([]);
  });

  it("tells a returning member on someone else's browser that their link was e-mailed", async () => {
    await joinWaitlist({ email: "lane.back@example.com" });
    const answer = await join("lane.back@example.com", json);
    expect(JSON.parse(answer.text)).toEqual({ redirect: "/thank-you?emailed=1" });
  });
});

describe("posts the guards refuse, and posts the lane leaves to the app", () => {
  const body = "email=lane.other%40example.com";

  it.each([
    ["another Host", { host: "evil.example:3000" }, 421],
    ["another site's Origin", { headers: { ...FORM, origin: "https://evil.example" } }, 403],
    ["a cross-site Sec-Fetch-Site", { headers: { ...FORM, "sec-fetch-site": "cross-site" } }, 403],
    ["a body over the limit", { body: `email=a%40example.com&pad=${"x".repeat(MAX_BODY_BYTES)}` }, 413],
  ] as const)("%s", async (_name, sent, status) => {
    const answer = await send({ body, ...sent });
    expect(answer.status).toBe(status);
    expect(await memberOf("lane.other@example.com")).toBeNull();
  });

  it.each([
    ["a query string", { path: "/join-waitlist?index" }],
    ["a trailing slash", { path: "/join-waitlist/" }],
    ["a multipart body", { headers: { ...FORM, "content-type": "multipart/form-data; boundary=x" } }],
    ["a chunked body", { headers: { ...FORM, "transfer-encoding": "chunked" } }],
  ] as const)("%s reaches the app with its body unread", async (_name, sent) => {
    const answer = await send({ body, ...sent });
    expect(JSON.parse(answer.text)).toMatchObject({ reachedApp: true, handedOver: null });
    expect(await memberOf("lane.other@example.com")).toBeNull();
  });
});

it("survives a client that hangs up halfway through its body: nothing stored, the server goes on", async () => {
  await new Promise<void>((resolve) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/join-waitlist", headers: { host: HOST, ...FORM, "content-length": 500 } });
    request.on("error", () => resolve());
    request.write("email=lane.cut%40exa");
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 100);
  });
  expect(await memberOf("lane.cut@example.com")).toBeNull();
  expect((await join("lane.after@example.com")).status).toBe(302);
});
