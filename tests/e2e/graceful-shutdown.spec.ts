// SIGTERM while sign-ups are in flight (a deploy, a scale-down): every sign-up the
// server answered with its redirect is in the database; none is half-written.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { fetchSolvedBotPayload } from "../bot-challenge";
import { startServer, type TestServer } from "./fixtures";
import { ADULT_BIRTH } from "../factories";

let server: TestServer;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server?.stop();
});

describe("graceful shutdown", () => {
  it("finishes every sign-up in flight on SIGTERM, and each is stored", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `shutdown.${index}.${Date.now()}@example.com`);
    // Solved first, as a browser's widget would have: from one address, only five
    // sign-ups an hour may come without a solved bot-guard challenge.
    const payloads = await Promise.all(emails.map(() => fetchSolvedBotPayload(server.origin)));
    // One connection per sign-up, each sending all but the last byte of its body: the
    // server has accepted every connection and is reading every request when it is told to
    // stop, and only then do the bodies complete. A graceful stop answers all of them.
    const requests = emails.map((email, index) => {
      const body = new URLSearchParams({ email, altcha: payloads[index]!, ...ADULT_BIRTH }).toString();
      let resolveResult: (result: { email: string; status: number }) => void = () => undefined;
      const result = new Promise<{ email: string; status: number }>((resolve) => (resolveResult = resolve));
      const request = http.request(`${server.origin}/join-waitlist`, {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: server.origin },
      });
      request.on("response", (response) => {
        response.resume();
        resolveResult({ email, status: response.statusCode ?? 0 });
      });
      request.on("error", () => resolveResult({ email, status: -1 })); // cut off in flight
      request.write(body.slice(0, -1));
      return { finish: () => request.end(body.slice(-1)), result };
    });
    // The server is idle meanwhile, so it accepts every waiting connection at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = server.terminate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const request of requests) request.finish();
    const results = await Promise.all(requests.map((request) => request.result));
    const exitCode = await exited;
    assert.equal(exitCode, 0, `server exited cleanly:\n${server.output().slice(-2000)}`);

    const statuses = results.map((result) => result.status).join(",");
    const answered = results.filter((result) => result.status === 303 || result.status === 302).map((result) => result.email);
    assert.equal(answered.length, emails.length, `every sign-up in flight was answered (statuses: ${statuses})`);

    const database = new PGlite(server.pgliteDir);
    try {
      const stored = await database.query<{ email: string }>("select email from waitlist_users where email = any($1)", [answered]);
      assert.deepEqual(stored.rows.map((row) => row.email).sort(), [...answered].sort());
    } finally {
      await database.close();
    }
  });
});
