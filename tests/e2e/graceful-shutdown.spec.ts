// SIGTERM while sign-ups are in flight (a deploy, a scale-down): every sign-up the
// server answered with its redirect is in the database; none is half-written.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { startServer, type TestServer } from "./fixtures";

let server: TestServer;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server?.stop();
});

describe("graceful shutdown", () => {
  it("finishes the sign-ups in flight on SIGTERM: every answered one is stored", async () => {
    const emails = Array.from({ length: 55 }, (_, index) => `shutdown.${index}.${Date.now()}@example.com`);
    // One connection per sign-up (no client-side queue): each is in flight at the server.
    const signUp = (email: string) =>
      new Promise<{ email: string; status: number }>((resolve) => {
        const body = new URLSearchParams({ email }).toString();
        const request = http.request(`${server.origin}/join-waitlist`, {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: server.origin },
        });
        request.on("response", (response) => {
          response.resume();
          resolve({ email, status: response.statusCode ?? 0 });
        });
        // Refused (never accepted: fine) is 0; cut off while in flight (the bug) is -1.
        request.on("error", (error: NodeJS.ErrnoException) => resolve({ email, status: error.code === "ECONNREFUSED" ? 0 : -1 }));
        request.end(body);
      });
    const signups = emails.map(signUp);
    // Let every request reach the server (connections accepted), then stop it while most
    // are still being processed (on PGlite one sign-up takes tens of milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 40));
    const exitCode = await server.terminate();
    const results = await Promise.all(signups);
    assert.equal(exitCode, 0, `server exited cleanly:\n${server.output().slice(-2000)}`);

    const answered = results.filter((result) => result.status === 303 || result.status === 302).map((result) => result.email);
    // Graceful: every request the server had accepted is answered, none is cut off.
    const statuses = results.map((result) => result.status).join(",");
    assert.ok(results.every((result) => result.status === 0 || answered.includes(result.email)), `statuses: ${statuses}`);
    assert.ok(answered.length >= emails.length / 2, `most sign-ups were in flight and answered (statuses: ${statuses})`);

    const database = new PGlite(server.pgliteDir);
    try {
      const stored = await database.query<{ email: string }>("select email from waitlist_users where email = any($1)", [answered]);
      assert.deepEqual(stored.rows.map((row) => row.email).sort(), [...answered].sort());
    } finally {
      await database.close();
    }
  });
});
