import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../tests/db-reset";
import { parseEnv } from "~/kernel/env.server";
import { AppError } from "~/kernel/errors";
import { SIGNUP_LIMIT_PER_NETWORK, signUpFromForm } from "~/lib/waitlist/join/signup.server";
import { createClientAddressReader } from "./client-address";
import { SELF_CONSENT } from "../tests/factories";

// server/app.ts's trust proxy setting and client address, in front of the waitlist's
// sign-up with its per-network limit (the app's build cannot load under vitest).
function appTrusting(TRUST_PROXY: string | undefined) {
  const app = express();
  app.set("trust proxy", parseEnv({ TRUST_PROXY }).TRUST_PROXY);
  const guardAddressOf = createClientAddressReader(parseEnv({ TRUST_PROXY }).TRUST_PROXY);
  app.get("/client-ip", (req, res) => {
    res.type("text/plain").send(req.ip);
  });
  // What the guards (server/guards.ts) read from the same request, without Express.
  app.get("/guard-client-ip", (req, res) => {
    res.type("text/plain").send(guardAddressOf(req));
  });
  app.post("/join/:email", async (req, res) => {
    try {
      await signUpFromForm({ consent: SELF_CONSENT, email: req.params.email, clientIp: guardAddressOf(req), userAgent: null, referralCode: null, seen: { deviceMemberId: null, signedInEmail: null } });
      res.status(201).end();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status).end();
    }
  });
  return app;
}

let server: http.Server | undefined;
let port = 0;

async function listen(TRUST_PROXY: string | undefined) {
  server = http.createServer(appTrusting(TRUST_PROXY));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}

beforeEach(resetDatabase);

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** One request from 127.0.0.1, as a proxy on this machine (or a script) would send it. */
function send(method: "GET" | "POST", path: string, forwardedFor?: string): Promise<{ status: number; text: string }> {
  const headers = forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** Sign-up statuses for one e-mail per forwarded address, one after the other. */
async function signUpFrom(label: string, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [index, address] of forwardedFor.entries()) {
    statuses.push((await send("POST", `/join/${label}.${index}@example.com`, address)).status);
  }
  return statuses;
}

const LIMIT = SIGNUP_LIMIT_PER_NETWORK.limit;
const allCreated = (count: number) => new Array<number>(count).fill(201);

describe("with TRUST_PROXY unset", () => {
  it("ignores X-Forwarded-For: the client is the socket's peer", async () => {
    await listen(undefined);
    expect((await send("GET", "/client-ip", "203.0.113.7")).text).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it(`refuses sign-up number ${LIMIT + 1} from one address even when each names another X-Forwarded-For`, async () => {
    await listen(undefined);
    const spoofed = Array.from({ length: LIMIT + 1 }, (_, index) => `198.51.100.${index + 1}`);
    expect(await signUpFrom("spoofer", spoofed)).toEqual([...allCreated(LIMIT), 429]);
  });
});

describe("with TRUST_PROXY naming the proxy", () => {
  it.each(["loopback", "1", "127.0.0.1/8, ::1"])("TRUST_PROXY=%s takes the client from the proxy's X-Forwarded-For entry", async (trust) => {
    await listen(trust);
    expect((await send("GET", "/client-ip", "203.0.113.7")).text).toBe("203.0.113.7");
    // A client's own X-Forwarded-For comes before the entry the proxy appends.
    expect((await send("GET", "/client-ip", "198.51.100.1, 203.0.113.7")).text).toBe("203.0.113.7");
  });

  it("trusts no further than the proxies named: a hop count of 2 reads one more entry", async () => {
    await listen("2");
    expect((await send("GET", "/client-ip", "198.51.100.1, 203.0.113.7")).text).toBe("198.51.100.1");
  });

  it("counts each forwarded client on its own", async () => {
    await listen("loopback");
    expect(await signUpFrom("crowd", new Array<string>(LIMIT + 1).fill("203.0.113.7"))).toEqual([...allCreated(LIMIT), 429]);
    expect(await signUpFrom("neighbour", ["203.0.113.8"])).toEqual([201]);
  });

  it("counts two addresses in one IPv6 /64 together", async () => {
    await listen("loopback");
    const sameNetwork = Array.from({ length: LIMIT }, (_, index) => `2001:db8:5:6::${(index + 1).toString(16)}`);
    expect(await signUpFrom("v6", [...sameNetwork, "2001:db8:5:6:ffff:ffff:ffff:ffff"])).toEqual([...allCreated(LIMIT), 429]);
    expect(await signUpFrom("next-net", ["2001:db8:5:7::1"])).toEqual([201]);
  });
});

describe("the guards, which read the address without Express", () => {
  it.each([undefined, "loopback", "1", "2", "127.0.0.1/8, ::1", "10.0.0.0/8"])("reads the same address as Express with TRUST_PROXY=%s", async (trust) => {
    await listen(trust);
    for (const forwardedFor of [undefined, "203.0.113.7", "198.51.100.1, 203.0.113.7", "2001:db8::1", "not an address", "10.1.1.1, 198.51.100.9"]) {
      const express = (await send("GET", "/client-ip", forwardedFor)).text;
      expect((await send("GET", "/guard-client-ip", forwardedFor)).text, `X-Forwarded-For: ${forwardedFor}`).toBe(express);
    }
  });
});
