import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../tests/db-reset";
import { getEnv } from "~/lib/env.server";
import { MAX_BODY_BYTES } from "./body-limit";
import { createRequestGuards, guardRequests } from "./guards";
import { withJoinLane } from "./join-lane";

// The same hostile requests to POST /join-waitlist through the two ways in: Express with
// the guard list mounted (what every other URL takes), and the join lane in front of it,
// which loops the same list. Each guard must answer them alike.
const guards = createRequestGuards({ strict: true, trustProxy: false });
const app = express();
app.use(guardRequests(guards));
// A stand-in for the React Router handler: it reads the whole body, then answers.
app.use((req, res) => {
  req.on("error", () => undefined);
  req.on("data", () => undefined);
  req.on("end", () => {
    if (!res.headersSent) res.status(299).type("text/plain").send("reached the app");
  });
});

const ORIGIN = getEnv().origin;
const HOST = new URL(ORIGIN).host;
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
const servers: http.Server[] = [];
const ports = { express: 0, lane: 0 };

async function listen(listener: http.RequestListener): Promise<number> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  ports.express = await listen(app);
  ports.lane = await listen(withJoinLane(app, guards));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(resetDatabase);

type Hostile = { host?: string; headers?: Record<string, string>; body?: string; chunks?: Buffer[] };
type Answer = { status: number; text: string; headers: Record<string, string | undefined> };

// The headers a guard sets; ids and nonces are fresh per request, so only their shape counts.
const COMPARED_HEADERS = ["content-type", "connection", "x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy", "cache-control"];

function send(port: number, { host = HOST, headers = FORM, body = "email=guard%40example.com&birthMonth=4&birthYear=1990", chunks }: Hostile): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/join-waitlist", headers: { host, ...headers } }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        const picked = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers[name] as string | undefined]));
        picked["x-request-id"] = /^[0-9a-f-]{36}$/.test(String(response.headers["x-request-id"])) ? "uuid" : String(response.headers["x-request-id"]);
        picked["content-security-policy"] = String(response.headers["content-security-policy"]).replace(/'nonce-[^']+'/, "'nonce'");
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString(), headers: picked });
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (chunks) {
      for (const chunk of chunks) request.write(chunk);
      request.end();
    } else request.end(body);
  });
}

const HOSTILE: [string, Hostile, number][] = [
  ["an unknown Host", { host: "evil.example:3000" }, 421],
  ["a Host with credentials", { host: "localhost:3000@evil.example" }, 421],
  ["an empty Host", { host: "" }, 421],
  ["a Host on another port", { host: "localhost:3001" }, 421],
  ["another site's Origin", { headers: { ...FORM, origin: "https://evil.example" } }, 403],
  ["a loopback Origin that is not PUBLIC_ORIGIN", { host: "127.0.0.1:3000", headers: { ...FORM, origin: "http://127.0.0.1:3000" } }, 403],
  ["a cross-site Sec-Fetch-Site without Origin", { headers: { "content-type": FORM["content-type"], "sec-fetch-site": "cross-site" } }, 403],
  ["the null Origin of a sandboxed frame", { headers: { ...FORM, origin: "null" } }, 403],
  ["a declared body over the limit", { body: `email=a%40example.com&pad=${"x".repeat(MAX_BODY_BYTES)}` }, 413],
  ["a chunked body over the limit", { headers: { ...FORM, "transfer-encoding": "chunked" }, chunks: Array.from({ length: 10 }, () => Buffer.alloc(8 * 1024, 0x78)) }, 413],
];

describe("the join lane and Express answer a hostile post alike", () => {
  it.each(HOSTILE)("%s", async (_name, hostile, status) => {
    const throughExpress = await send(ports.express, hostile);
    const throughLane = await send(ports.lane, hostile);
    expect(throughExpress.status).toBe(status);
    expect(throughLane).toEqual(throughExpress);
  });

  it("and a post the guards let through gets the same security headers both ways", async () => {
    const throughExpress = await send(ports.express, {});
    const throughLane = await send(ports.lane, {});
    expect(throughExpress.status).toBe(299);
    expect(throughLane.status).toBe(302);
    const { "content-type": _a, "content-length": _b, ...laneHeaders } = throughLane.headers;
    const { "content-type": _c, "content-length": _d, ...expressHeaders } = throughExpress.headers;
    expect(laneHeaders).toEqual(expressHeaders);
  });
});
