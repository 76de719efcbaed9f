import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { requestWithCookie, signInAs } from "../auth-helpers";

// Hostile bodies POSTed straight to every route module's action, as an anonymous
// visitor, a crew member and an admin: whatever arrives, the answer is a 2xx/3xx/4xx
// (returned or thrown), never a thrown Error or a 5xx. Seeded, so a failure repeats.

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type RouteModule = { action?: Action };

// Route modules only: a test beside a route is not one.
const modules = import.meta.glob<RouteModule>(["../../app/routes/**/*.tsx", "../../app/routes/**/*.ts", "!../../app/routes/**/*.test.ts"], { eager: true });
const context = { cspNonce: "", requestId: "fuzz", clientIp: "127.0.0.1" };
const MEMBER_ID = "00000000-0000-4000-8000-000000000000";
const BODIES_PER_ROUTE_AND_PERSONA = 64;

/** The URL a module answers at (app/routes.ts), with made-up parameters. */
const SPECIAL_PATHS: Record<string, string> = {
  _index: "/",
  "auth.callback": "/auth/callback",
  "api/auth": "/api/auth/sign-in/magic-link",
  "api/session-activity": "/api/session/activity",
  "api/avatar": `/api/avatars/${MEMBER_ID}.svg`,
  "api/member-referrals": `/api/members/${MEMBER_ID}/referrals`,
  "api/waitlist-csv": "/api/waitlist.csv",
  "api/v1": "/api/v1/members",
  uploads: "/uploads/public/x.png",
  "dev/mailbox-message": "/dev/mailbox/1",
  product: "/products/1",
};

const routes = Object.entries(modules)
  .filter(([, module]) => typeof module.action === "function")
  .map(([file, module]) => {
    const name = file.replace("../../app/routes/", "").replace(/\.tsx?$/, "");
    return { name, path: SPECIAL_PATHS[name] ?? `/${name.replace(/\/index$/, "")}`, action: module.action! };
  })
  // Signing out ends the persona's session: last, so the other routes see it signed in.
  .sort((a, b) => Number(a.name === "logout") - Number(b.name === "logout") || a.name.localeCompare(b.name));

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const FIELDS = ["intent", "email", "memberId", "id", "points", "name", "price", "description", "purchaseLink", "imageUrl", "tags", "notes", "isBlocked", "target", "file", "from", "reason", "redirectTo", "token", "subject", "message", "timeZone", "language", "altcha", "website", "sessionTimeoutMinutes", "leaderboardVisible", "primaryBrandColor", "brandLogoUrl", "homepageVideoUrl", "socialSharingOgTitle", "welcome", "edit", "season", "seasonPrizes", "seasonWinnerEmailTemplateHtml", "siteTimeZone", "pointMilestones", "milestoneStep", "scopes", "url", "events", "messageId", "__proto__", "constructor", "prototype", "__proto__[polluted]", "constructor[prototype][polluted]", "a[]", "a[0][b]"];
const INTENTS = ["save", "delete", "tags", "notes", "block", "adjust", "reset", "send-test", "outline", "probe", "prizes", "template", "confirm", "create", "revoke", "add-endpoint", "test-endpoint", "enable-endpoint", "disable-endpoint", "delete-endpoint", "resend", "", "SAVE", "__proto__"];
const NUMBERS = ["0", "-0", "-1", "1e309", "-1e309", "NaN", "Infinity", "9999999999999999999999", "9007199254740993", "0x10", "1.5", "1e-400", "2147483648", "10081", "   ", "٣"];
const STRINGS = ["", "ada@example.com", "admin@example.com", MEMBER_ID, "a\u0000b", "\u0000", "\ud800", "\udfff\ud800", "😀".repeat(300), "‮evil", "<script>alert(1)</script>", "'; drop table members; --", "//evil.example", "/\\evil.example", "javascript:alert(1)", "%00", "\r\n\r\n", "true", "false", "null", "undefined", "[]", "{}", "#F8A719", "2024-10", "America/Los_Angeles", "1-100 Prize", "x".repeat(60_000)];

function randomBytes(random: Random, length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, () => random.int(256));
}

function randomText(random: Random, maxLength: number): string {
  const length = random.int(maxLength);
  let text = "";
  for (let index = 0; index < length; index++) {
    const kind = random.int(4);
    const code = kind === 0 ? random.int(0x80) : kind === 1 ? random.int(0x10000) : kind === 2 ? random.int(0x20) : 0x1f600 + random.int(80);
    text += String.fromCodePoint(code);
  }
  return text;
}

function randomValue(random: Random, field: string): string {
  const roll = random.int(6);
  if (field === "intent" && roll < 4) return random.pick(INTENTS);
  if (roll === 0) return random.pick(NUMBERS);
  if (roll < 3) return random.pick(STRINGS);
  return randomText(random, 200);
}

function randomFields(random: Random): [string, string][] {
  return Array.from({ length: 1 + random.int(8) }, () => {
    const field = random.pick(FIELDS);
    return [field, randomValue(random, field)];
  });
}

type Body = { label: string; contentType?: string; body?: BodyInit };

function randomBody(random: Random): Body {
  switch (random.int(11)) {
    case 0:
      return { label: "no body" };
    case 1:
      return { label: "random bytes", contentType: random.pick(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/octet-stream"]), body: randomBytes(random, random.int(4096)) };
    case 2:
      return { label: "random bytes, no type", body: randomBytes(random, 1 + random.int(2048)) };
    case 3: {
      const form = new FormData();
      for (const [field, value] of randomFields(random)) form.append(field, value);
      if (random.int(2)) form.append(random.pick(["file", "image"]), new File([randomBytes(random, random.int(1024))], random.pick(["a.png", "../../etc/passwd", "x.svg", ""]), { type: random.pick(["image/png", "image/svg+xml", "text/html", ""]) }));
      return { label: "multipart fields", body: form };
    }
    case 4:
      return { label: "urlencoded fields", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(randomFields(random)).toString() };
    case 5:
      return { label: "raw urlencoded", contentType: "application/x-www-form-urlencoded", body: randomText(random, 300) };
    case 6: {
      const boundary = random.pick(["x", "", "--", "a".repeat(200)]);
      const garbage = `--${boundary}\r\nContent-Disposition: form-data; name="${random.pick(FIELDS)}"${random.int(2) ? '; filename="a.png"' : ""}\r\n\r\n${randomText(random, 100)}${random.int(2) ? `\r\n--${boundary}--` : ""}`;
      return { label: "multipart garbage", contentType: random.pick([`multipart/form-data; boundary=${boundary}`, "multipart/form-data", "multipart/mixed; boundary=x"]), body: garbage };
    }
    case 7: {
      const json = random.pick([
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        JSON.stringify(Object.fromEntries(randomFields(random))),
        JSON.stringify(randomFields(random)),
        `{"email":${random.pick(["1e309", "[]", "null", "{}", '"ada@example.com"'])}}`,
        "[".repeat(5000),
        randomText(random, 200),
      ]);
      return { label: "json", contentType: random.pick(["application/json", "text/plain", "application/x-www-form-urlencoded"]), body: json };
    }
    case 8:
      return { label: "huge string", contentType: "application/x-www-form-urlencoded", body: `intent=${random.pick(INTENTS)}&${random.pick(FIELDS)}=${"A".repeat(30_000 + random.int(30_000))}` };
    case 9:
      return { label: "repeated keys", contentType: "application/x-www-form-urlencoded", body: Array.from({ length: 200 }, () => `${random.pick(FIELDS)}=${encodeURIComponent(random.pick(NUMBERS))}`).join("&") };
    default:
      return { label: "wrong content type", contentType: random.pick(["text/html", "application/xml", "image/png", "multipart/form-data; boundary=", "application/x-www-form-urlencoded; charset=utf-16"]), body: new URLSearchParams(randomFields(random)).toString() };
  }
}

/** Null when the outcome is fine, else what went wrong. */
async function failureOf(action: Action, request: Request, params: Record<string, string>, seen: Map<string, number>): Promise<string | null> {
  const note = (outcome: string) => seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
  const statusOf = (value: unknown): number | undefined => {
    if (value instanceof Response) return value.status;
    const init = (value as { init?: { status?: number } | null } | null)?.init;
    return typeof value === "object" && value !== null && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit" ? (init?.status ?? 200) : undefined;
  };
  try {
    const result = await action({ request, params, context });
    const status = statusOf(result);
    note(String(status ?? 200));
    if (result instanceof Response) await result.arrayBuffer().catch(() => undefined);
    return status !== undefined && status >= 500 ? `returned ${status}` : null;
  } catch (thrown) {
    const status = statusOf(thrown);
    note(String(status ?? "error"));
    if (status !== undefined) return status >= 500 ? `threw ${status}` : null;
    return `threw ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`;
  }
}

const personas: { name: string; cookie?: string }[] = [{ name: "anonymous" }, { name: "member" }, { name: "admin" }];

beforeAll(async () => {
  await resetDatabase();
  personas[1]!.cookie = await signInAs("crew.member@example.com");
  personas[2]!.cookie = await signInAs("admin@example.com");
});

afterAll(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe("fuzzing every action", () => {
  it("finds the route modules", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(personas.map((persona, index) => ({ ...persona, index })))(
    "no 5xx and no thrown error as $name",
    async ({ name, index }) => {
      const random = generator(0x5eed + index);
      const failures: string[] = [];
      let cases = 0;
      const seen = new Map<string, number>();
      for (const route of routes) {
        for (let round = 0; round < BODIES_PER_ROUTE_AND_PERSONA; round++) {
          const { label, contentType, body } = randomBody(random);
          const headers = new Headers(contentType ? { "content-type": contentType } : {});
          const request = requestWithCookie(`${route.path}?index&x=${round}`, personas[index]!.cookie, { method: "POST", headers, body });
          const failure = await failureOf(route.action, request, { memberId: MEMBER_ID, id: "1", productId: "1", bucket: "public", "*": "x.png" }, seen);
          cases++;
          if (failure) failures.push(`${route.name} (${label}, round ${round}): ${failure}`);
        }
      }
      console.info(`fuzz as ${name}: ${cases} bodies to ${routes.length} actions, ${failures.length} failures; statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(failures.slice(0, 20)).toEqual([]);
    },
    120_000,
  );
});
