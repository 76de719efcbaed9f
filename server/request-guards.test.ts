import http from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { describe, expect, it } from "vitest";
import { listenDuringTests } from "../tests/listening-server";
import { readFormData } from "~/kernel/http/form-data.server";
import { getEnv } from "~/kernel/env.server";
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from "./body-limit";
import { createRequestGuards, guardRequests } from "./guards";

// The guard list of server/app.ts, in front of a stand-in for the React Router handler
// that reads the body the way @react-router/express does and says how many form fields
// it saw (the app's build cannot load under vitest).
const app = express();
app.use(guardRequests(createRequestGuards({ strict: true, trustProxy: false })));
app.use(async (req, res) => {
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: req.headers as Record<string, string> };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  const form = await readFormData(new Request(`http://app${req.originalUrl}`, init));
  if (res.headersSent) return;
  res.type("text/plain").send(`reached the app with ${[...form.keys()].length} fields`);
});

const PUBLIC_HOST = new URL(getEnv().origin).host; // localhost:3000 (PUBLIC_ORIGIN unset in tests)
const served = listenDuringTests(app);

type Sent = { method?: string; path?: string; host?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Iterable<Buffer> };

/** One raw HTTP request with exactly the Host header given (fetch would not allow it). */
function send({ method = "GET", path = "/", host = PUBLIC_HOST, headers = {}, body, chunks }: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: served.port(), method, path, headers: { host, ...headers } }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    // The server may answer and hang up before a large body is through.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (chunks) {
      const iterator = chunks[Symbol.iterator]();
      const writeNext = () => {
        const next = iterator.next();
        if (next.done) request.end();
        else if (request.write(next.value)) setImmediate(writeNext);
        else request.once("drain", writeNext);
      };
      writeNext();
    } else request.end(body);
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("host check", () => {
  it("serves PUBLIC_ORIGIN's host", async () => {
    expect(await send({ host: PUBLIC_HOST })).toEqual({ status: 200, text: "reached the app with 0 fields" });
  });

  it.each(["evil.example", "evil.example:3000", `localhost.evil.example:3000`, "127.0.0.1:3000@evil.example", "", "localhost:3001"])(
    "answers Host %j with 421 before the app runs",
    async (host) => {
      const answer = await send({ host });
      expect(answer.status).toBe(421);
      expect(answer.text).toBe("Misdirected request: unknown host.");
    },
  );

  it("refuses a DNS-rebinding page asking for the dev mailbox", async () => {
    const answer = await send({ path: "/dev/mailbox", host: "rebind.evil.example:3000" });
    expect(answer.status).toBe(421);
    expect(answer.text).not.toContain("reached the app");
  });

  it("lets health and metrics probes in by address, read-only", async () => {
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      expect((await send({ path, host: "10.0.0.7:3000" })).status).toBe(200);
      expect((await send({ method: "POST", path, host: "10.0.0.7:3000" })).status).toBe(421);
    }
    expect((await send({ path: "/healthz/../dev/mailbox", host: "10.0.0.7:3000" })).status).toBe(421);
  });

  it("in local mail mode also serves the loopback names on the configured port", async () => {
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"]) {
      expect((await send({ path: "/dev/mailbox", host })).status).toBe(200);
    }
  });
});

describe("cross-origin writes", () => {
  const body = "email=a%40example.com";

  it("refuses a POST whose Origin matches the (spoofed) Host it was sent to but not PUBLIC_ORIGIN", async () => {
    // 127.0.0.1:3000 passes the host check in local mail mode, yet is not our public origin.
    const answer = await send({ method: "POST", path: "/join-waitlist", host: "127.0.0.1:3000", headers: { ...FORM, origin: "http://127.0.0.1:3000" }, body });
    expect(answer).toEqual({ status: 403, text: "Cross-origin request blocked." });
  });

  it("refuses another site's Origin and a cross-site Sec-Fetch-Site", async () => {
    expect((await send({ method: "POST", path: "/join-waitlist", headers: { ...FORM, origin: "https://evil.example" }, body })).status).toBe(403);
    expect((await send({ method: "POST", path: "/join-waitlist", headers: { ...FORM, "sec-fetch-site": "cross-site" }, body })).status).toBe(403);
  });

  it("lets a mail provider's one-click unsubscribe through from its own site, and only on that path", async () => {
    const oneClick = { ...FORM, origin: "https://mail.example", "sec-fetch-site": "cross-site" };
    const answer = await send({ method: "POST", path: "/unsubscribe?token=abc.def", headers: oneClick, body: "List-Unsubscribe=One-Click" });
    expect(answer).toEqual({ status: 200, text: "reached the app with 1 fields" });
    for (const path of ["/unsubscribe/x", "/unsubscribe.data", "/unsubscribed", "/join-waitlist?next=/unsubscribe"]) {
      expect((await send({ method: "POST", path, headers: oneClick, body: "List-Unsubscribe=One-Click" })).status).toBe(403);
    }
  });

  it("lets a POST from PUBLIC_ORIGIN through", async () => {
    const answer = await send({ method: "POST", path: "/join-waitlist", headers: { ...FORM, origin: getEnv().origin }, body });
    expect(answer).toEqual({ status: 200, text: "reached the app with 1 fields" });
  });
});

describe("body limits", () => {
  const padding = (bytes: number) => `email=a%40example.com&pad=${"x".repeat(bytes)}`;

  it("lets a form under 64 KB through", async () => {
    const answer = await send({ method: "POST", path: "/join-waitlist", headers: FORM, body: padding(MAX_BODY_BYTES - 100) });
    expect(answer).toEqual({ status: 200, text: "reached the app with 2 fields" });
  });

  it("answers 413 from Content-Length for a form over 64 KB, without echoing it", async () => {
    const answer = await send({ method: "POST", path: "/join-waitlist", headers: FORM, body: padding(MAX_BODY_BYTES) });
    expect(answer).toEqual({ status: 413, text: "Request body too large." });
  });

  it("counts a chunked body: Transfer-Encoding: chunked does not get round the limit", async () => {
    const chunks = Array.from({ length: 20 }, (_, index) => Buffer.from(index === 0 ? "email=a%40example.com&pad=" : "x".repeat(8 * 1024)));
    const answer = await send({ method: "POST", path: "/join-waitlist", headers: { ...FORM, "transfer-encoding": "chunked" }, chunks });
    expect(answer).toEqual({ status: 413, text: "Request body too large." });
  });

  it("gives uploads their own, larger cap, also streamed when chunked", async () => {
    const multipart = { "content-type": "multipart/form-data; boundary=x" };
    const underCap = await send({ method: "POST", path: "/api/uploads", headers: multipart, body: Buffer.alloc(MAX_BODY_BYTES * 4) });
    expect(underCap.status).toBe(200);
    const chunks = (function* () {
      for (let sent = 0; sent <= MAX_UPLOAD_BODY_BYTES; sent += 256 * 1024) yield Buffer.alloc(256 * 1024, 0x61);
    })();
    const answer = await send({ method: "POST", path: "/api/uploads", headers: { ...multipart, "transfer-encoding": "chunked" }, chunks });
    expect(answer).toEqual({ status: 413, text: "Request body too large." });
  });

  it("turns a 20 MB body to /join-waitlist away in under 3 s without holding it in memory", async () => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const chunks = (function* () {
      for (let sent = 0; sent < 20 * 1024 * 1024; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024, 0x78);
    })();
    const answer = await send({ method: "POST", path: "/join-waitlist", headers: { ...FORM, "transfer-encoding": "chunked" }, chunks });
    const elapsed = performance.now() - started;
    const grown = process.memoryUsage().rss - before;
    const declared = await send({ method: "POST", path: "/join-waitlist", headers: FORM, body: Buffer.alloc(20 * 1024 * 1024, 0x78) });
    console.info(`20 MB chunked body: ${answer.status} in ${Math.round(elapsed)} ms, RSS +${Math.round(grown / 1024 / 1024)} MB`);
    expect(answer.status).toBe(413);
    expect(declared.status).toBe(413);
    expect(elapsed).toBeLessThan(3_000);
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });
});
