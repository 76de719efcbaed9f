import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { users } from "../../db/schema";
import { db } from "~/kernel/db.server";
import { loader as rootLoader } from "~/root";
import { loader as shareCardLoader } from "~/routes/share-card";
import { crewNameOf } from "~/lib/crew-names/crew-name";
import { getEnv } from "~/kernel/env.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { changeMember } from "~/lib/waitlist/member-admin.server";
import { shareCardRenders } from "~/lib/share-cards/share-card.server";

// What a link preview (Facebook, X, Slack…) gets for a member's referral link, and
// what the card's URL answers, through the loaders themselves.

const ORIGIN = getEnv().origin;
const TWITTERBOT = "Twitterbot/1.0";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
type Loader = (args: { request: Request; params: Record<string, string>; context: typeof context }) => Promise<unknown>;
type RootPayload = {
  data: { shareCard: { code: string; imageUrl: string; alt: string } | null; settings: { socialSharingImageUrl: string } };
};
const ADMIN_SHARE_IMAGE = "/uploads/social_sharing_images/1_share.png";

async function settle(loader: Loader, path: string, params: Record<string, string> = {}, userAgent = TWITTERBOT): Promise<unknown> {
  const request = new Request(new URL(path, ORIGIN), { headers: { "User-Agent": userAgent } });
  try {
    return await loader({ request, params, context });
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: { status?: number } }).init?.status ?? 200;
}

let code = "";
let crewName = "";

async function cardUrlOf(referralCode: string): Promise<{ imagePath: string; hash: string }> {
  const root = (await settle(rootLoader as unknown as Loader, `/?ref=${referralCode}`)) as RootPayload;
  const imagePath = new URL(root.data.shareCard?.imageUrl ?? "").pathname;
  return { imagePath, hash: imagePath.replace(/\.png$/, "").split("/")[3] ?? "" };
}

/** What the card's URL answers (a thrown answer too), with extra request headers. */
async function cardAnswer(referralCode: string, hash: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(new URL(`/share-cards/${referralCode}/${hash}.png`, ORIGIN), { headers: { "User-Agent": TWITTERBOT, ...headers } });
  try {
    return (await shareCardLoader({ request, params: { code: referralCode, hash }, context } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const { data: body, init } = thrown as { data: unknown; init: ResponseInit | null };
    return new Response(String(body), init ?? undefined);
  }
}

beforeAll(async () => {
  await resetDatabase();
  await saveSiteSettings({ socialSharingImageUrl: ADMIN_SHARE_IMAGE }, null);
  const { member } = await joinWaitlist({ email: "captain.nova@example.com" });
  code = member.referralCode;
  crewName = crewNameOf(member.id, 0);
});

describe("share cards for link previews", () => {
  it("a link preview of /?ref=CODE gets the page with the member's card, not a redirect", async () => {
    const root = (await settle(rootLoader as unknown as Loader, `/?ref=${code}`)) as RootPayload;
    expect(statusOf(root)).toBe(200);
    expect(root.data.shareCard).toEqual({
      code,
      via: null,
      imageUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/share-cards/${code}/[0-9a-f]{16}\\.png$`)),
      alt: `${crewName} invites you to join the Vista Crew`,
    });
  });

  it("a visitor's browser is still redirected to the page without ?ref=", async () => {
    const outcome = await settle(rootLoader as unknown as Loader, `/?ref=${code}`, {}, CHROME);
    expect(statusOf(outcome)).toBe(302);
    expect((outcome as Response).headers.get("Location")).toBe("/");
  });

  it("an unknown or hostile code gets no card: the page keeps the admin's share image", async () => {
    for (const ref of ["nosuchcode1", encodeURIComponent("🚀\u202e<script>"), "x".repeat(5000)]) {
      const root = (await settle(rootLoader as unknown as Loader, `/?ref=${ref}`)) as RootPayload;
      expect(root.data.shareCard).toBeNull();
      expect(root.data.settings.socialSharingImageUrl).toBe(ADMIN_SHARE_IMAGE);
    }
  });

  it("the card's URL answers a PNG cached for 5 minutes with its hash as ETag; an old hash leads to the current one; unknown codes are 404", async () => {
    const { imagePath, hash } = await cardUrlOf(code);
    const response = (await settle(shareCardLoader as unknown as Loader, imagePath, { code, hash })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("ETag")).toBe(`"${hash}"`);
    expect((await response.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);

    // A cache revalidating with the ETag gets 304 and no body; another tag gets the card.
    const revalidated = await cardAnswer(code, hash, { "If-None-Match": `"${hash}"` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(`"${hash}"`);
    expect(revalidated.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
    expect((await cardAnswer(code, hash, { "If-None-Match": '"0000000000000000"' })).status).toBe(200);

    const stale = await cardAnswer(code, "0000000000000000");
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(imagePath);

    for (const unknown of ["nosuchcode1", "🚀", "x".repeat(5000)]) {
      expect(statusOf(await settle(shareCardLoader as unknown as Loader, "/share-cards/x/y.png", { code: unknown, hash }))).toBe(404);
    }
  });

  it("a blocked member's card URL stops answering the card (caches keep it 5 minutes at most), and their link previews with the admin's share image", async () => {
    await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
    const blocked = (await joinWaitlist({ email: "rocket.rory@example.com" })).member;
    const { hash } = await cardUrlOf(blocked.referralCode);
    const before = await cardAnswer(blocked.referralCode, hash);
    expect(before.status).toBe(200);
    // Shared caches may keep the card they have for 5 minutes at most, not a year.
    expect(before.headers.get("Cache-Control")).toBe("public, max-age=300");
    await changeMember(blocked.id, { kind: "blocked", isBlocked: true }, "admin-1");
    const answer = await cardAnswer(blocked.referralCode, hash);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("Content-Type")).not.toBe("image/png");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect((await cardAnswer(blocked.referralCode, hash, { "If-None-Match": `"${hash}"` })).status).toBe(404); // no 304 for a cached copy either
    const root = (await settle(rootLoader as unknown as Loader, `/?ref=${blocked.referralCode}`)) as RootPayload;
    expect(root.data.shareCard).toBeNull();
    expect(root.data.settings.socialSharingImageUrl).toBe(ADMIN_SHARE_IMAGE);
  });

  it("draws at most 2 cards at once with 4 waiting; the next uncached card is 503 with Retry-After, cards in memory still answer", async () => {
    const { hash } = await cardUrlOf(code);
    expect((await cardAnswer(code, hash)).status).toBe(200); // in memory from here on
    const newcomer = (await joinWaitlist({ email: "nebula.nell@example.com" })).member;
    const newcomerHash = (await cardUrlOf(newcomer.referralCode)).hash;

    // Six renders in progress (two drawing, four queued), as a burst of distinct cards would be.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { concurrency, queueLimit } = shareCardRenders;
    const inProgress = Array.from({ length: concurrency + queueLimit }, () => shareCardRenders.run(() => held));
    expect(shareCardRenders.load).toEqual({ active: 2, waiting: 4 });

    const refused = await cardAnswer(newcomer.referralCode, newcomerHash);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect((await cardAnswer(code, hash)).status).toBe(200);

    release();
    await Promise.all(inProgress);
    const drawn = await cardAnswer(newcomer.referralCode, newcomerHash);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
  });
});
