import { describe, expect, it } from "vitest";
import { isLandingPageView } from "./landing-visit";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function request(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`https://crew.example${path}`, { method, headers: { "User-Agent": BROWSER, ...headers } });
}

describe("what counts as a landing visit", () => {
  it("counts a browser opening the page, with or without fetch metadata", () => {
    expect(isLandingPageView(request("/", { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" }))).toBe(true);
    expect(isLandingPageView(request("/?via=x"))).toBe(true);
  });

  it("skips the first leg of a referral link, which the root loader redirects", () => {
    expect(isLandingPageView(request("/?ref=ada4k2x9q1z&via=x", { "Sec-Fetch-Dest": "document" }))).toBe(false);
  });

  it("skips in-app navigation and revalidation data requests and prefetches", () => {
    expect(isLandingPageView(request("/", { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" }))).toBe(false);
    expect(isLandingPageView(request("/", { "Sec-Fetch-Dest": "document", "Sec-Purpose": "prefetch;prerender" }))).toBe(false);
    expect(isLandingPageView(request("/", { Purpose: "prefetch" }))).toBe(false);
  });

  it("skips bots, clients without a user agent, and anything but GET", () => {
    expect(isLandingPageView(request("/", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(isLandingPageView(request("/", { "User-Agent": "curl/8.5.0" }))).toBe(false);
    expect(isLandingPageView(new Request("https://crew.example/"))).toBe(false);
    expect(isLandingPageView(request("/", {}, "HEAD"))).toBe(false);
  });
});
