import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { signInAs } from "../auth-helpers";
import { loader as rootLoader } from "~/root";
import { loader as loginLoader } from "~/routes/login";
import { loader as callbackLoader } from "~/routes/auth.callback";
import { requireStaff } from "~/lib/auth/guards.server";

const ORIGIN = "http://localhost:3000";
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
type Loader = (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;

/** The Location a loader redirects to, resolved the way a browser on our site would. */
async function redirectTarget(loader: Loader, rawUrl: string, cookie?: string): Promise<URL> {
  // The raw string keeps `//evil.example` in the path, as Express hands it over.
  const request = new Request(rawUrl, { headers: cookie ? { cookie } : {} });
  try {
    await loader({ request, params: {}, context });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return new URL(thrown.headers.get("Location") ?? "", rawUrl.startsWith(ORIGIN) ? ORIGIN : rawUrl);
    }
    throw thrown;
  }
  throw new Error(`${rawUrl} did not redirect`);
}

let memberCookie = "";

beforeAll(async () => {
  await resetDatabase();
  memberCookie = await signInAs("crew.member@example.com");
});

describe("redirects stay on our origin", () => {
  it.each(["//evil.example/?ref=abc", "///evil.example/?ref=abc", "/\\evil.example/?ref=abc", "/%5Cevil.example/?ref=abc"])(
    "GET %s strips ?ref= without leaving the site",
    async (path) => {
      const target = await redirectTarget(rootLoader as unknown as Loader, `${ORIGIN}${path}`);
      expect(target.origin).toBe(ORIGIN);
      expect(target.searchParams.has("ref")).toBe(false);
    },
  );

  it("still strips ?ref= from an ordinary page and keeps the rest of the query", async () => {
    const target = await redirectTarget(rootLoader as unknown as Loader, `${ORIGIN}/leaderboard?ref=abc&page=2`);
    expect(`${target.pathname}${target.search}`).toBe("/leaderboard?page=2");
  });

  it.each(["%2F%09%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example", "http%3A%2F%2Fevil.example", "%2F.%2F%2Fevil.example"])(
    "a signed-in visitor on /login?redirectTo=%s goes to the dashboard",
    async (redirectTo) => {
      const target = await redirectTarget(loginLoader as unknown as Loader, `${ORIGIN}/login?redirectTo=${redirectTo}`, memberCookie);
      expect(target.origin).toBe(ORIGIN);
      expect(target.pathname).toBe("/dashboard");
    },
  );

  it("the magic-link callback ignores an off-site redirectTo", async () => {
    const target = await redirectTarget(callbackLoader as unknown as Loader, `${ORIGIN}/auth/callback?redirectTo=%2F%09%2Fevil.example`, memberCookie);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname).toBe("/dashboard");
  });

  it("a guard never puts an off-site path into redirectTo", async () => {
    const target = await redirectTarget((({ request }) => requireStaff(request)) as Loader, `${ORIGIN}//evil.example/admin`);
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("redirectTo")).toBe("/");
  });
});
