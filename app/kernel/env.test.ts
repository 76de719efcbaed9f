import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const trustProxyOf = (TRUST_PROXY: string | undefined) => parseEnv({ TRUST_PROXY }).TRUST_PROXY;

describe("TRUST_PROXY", () => {
  it.each([undefined, "", "false", "FALSE", " false "])("trusts no proxy when it is %j", (value) => {
    expect(trustProxyOf(value)).toBe(false);
  });

  it.each([
    ["1", 1],
    [" 2 ", 2],
    ["10", 10],
  ])("reads %j as a hop count", (value, hops) => {
    expect(trustProxyOf(value)).toBe(hops);
  });

  it.each([
    ["loopback", ["loopback"]],
    ["linklocal,uniquelocal", ["linklocal", "uniquelocal"]],
    ["loopback, 10.0.0.0/8, fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
    ["192.168.1.10", ["192.168.1.10"]],
    ["10.0.0.0/255.0.0.0", ["10.0.0.0/255.0.0.0"]],
  ])("reads %j as the proxies' addresses", (value, proxies) => {
    expect(trustProxyOf(value)).toEqual(proxies);
  });

  it.each(["true", "TRUE", " True "])("refuses %j and says what to give instead", (value) => {
    expect(() => trustProxyOf(value)).toThrow(
      /TRUST_PROXY: "true" is refused: it trusts every hop, so any client could pick its own address with X-Forwarded-For.*Give the number of proxies in front of the app \(e\.g\. 1\) or their addresses/,
    );
  });

  it.each(["0", "11", "64"])("refuses the hop count %j", (value) => {
    expect(() => trustProxyOf(value)).toThrow(`TRUST_PROXY: a hop count is 1 to 10 (leave TRUST_PROXY unset to trust no proxy), got ${value.trim()}`);
  });

  it.each([
    ["lopback", "invalid IP address: lopback"],
    ["loopback, 10.0.0.300", "invalid IP address: 10.0.0.300"],
    ["10.0.0.1/33", "invalid range on address: 10.0.0.1/33"],
    ["proxy.example.com", "invalid IP address: proxy.example.com"],
    ["yes", "invalid IP address: yes"],
    ["*", "invalid IP address: *"],
    ["loopback,,10.0.0.1", "invalid IP address: "],
    ["-1", "invalid IP address: -1"],
  ])("refuses %j at start-up instead of trusting something else", (value, reason) => {
    expect(() => trustProxyOf(value)).toThrow(`TRUST_PROXY: ${reason} (expected a hop count, or proxy addresses`);
  });
});

describe("TEST_CLOCK", () => {
  it("is off unless asked for", () => {
    expect(parseEnv({}).TEST_CLOCK).toBe(false);
    expect(parseEnv({ TEST_CLOCK: "true" }).TEST_CLOCK).toBe(true);
  });

  it("is refused on a server that sends real e-mail (every production server)", () => {
    expect(() => parseEnv({ TEST_CLOCK: "true", SMTP_URL: "smtp://mail.example:587" })).toThrow(/TEST_CLOCK=true is for test servers in local mail mode only/);
    expect(parseEnv({ TEST_CLOCK: "false", SMTP_URL: "smtp://mail.example:587" }).TEST_CLOCK).toBe(false);
  });
});

describe("isHttps", () => {
  it.each([
    [undefined, false],
    ["http://localhost:3000", false],
    ["https://crew.example.com", true],
    ["https://crew.example.com/", true],
  ])("PUBLIC_ORIGIN %j serves over HTTPS: %j (Secure cookies, HSTS)", (PUBLIC_ORIGIN, expected) => {
    expect(parseEnv({ PUBLIC_ORIGIN }).isHttps).toBe(expected);
  });
});

describe("compose.yaml's sample secrets (issue 37)", () => {
  const compose = () => import("node:fs").then((fs) => fs.readFileSync("compose.yaml", "utf8"));
  const sampleOf = async (name: string) => new RegExp(`${name}: (\\S+)`).exec(await compose())?.[1];
  const real = { BETTER_AUTH_SECRET: "k3v9Qx2L7pT0wZr5YbN8mC4dF6hJ1sA+gE2uR9oP", SHIPPING_ADDRESS_KEY: Buffer.alloc(32, 7).toString("base64") };

  it("are refused in production, with what to do instead", async () => {
    const authSample = await sampleOf("BETTER_AUTH_SECRET");
    const keySample = await sampleOf("SHIPPING_ADDRESS_KEY");
    expect(() => parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:1025", ...real, BETTER_AUTH_SECRET: authSample })).toThrow(
      "BETTER_AUTH_SECRET is the sample value from compose.yaml, which anyone can read: set your own (openssl rand -base64 48) before starting in production.",
    );
    expect(() => parseEnv({ SMTP_URL: "smtp://mail:1025", ...real, SHIPPING_ADDRESS_KEY: keySample })).toThrow(/^SHIPPING_ADDRESS_KEY is the sample value from compose\.yaml/);
  });

  it("leave production with its own secrets, and development with the samples, starting", async () => {
    expect(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail:1025", ...real }).BETTER_AUTH_SECRET).toBe(real.BETTER_AUTH_SECRET);
    expect(parseEnv({ NODE_ENV: "development", BETTER_AUTH_SECRET: await sampleOf("BETTER_AUTH_SECRET") }).NODE_ENV).toBe("development");
  });
});
