import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { loader as rootLoader } from "~/root";
import { loader as shareCardLoader } from "~/routes/share-card";
import { getEnv } from "~/lib/env.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";

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

beforeAll(async () => {
  await resetDatabase();
  await saveSiteSettings({ socialSharingImageUrl: ADMIN_SHARE_IMAGE }, null);
  code = (await joinWaitlist({ email: "captain.nova@example.com" })).member.referralCode;
});

describe("share cards for link previews", () => {
  it("a link preview of /?ref=CODE gets the page with the member's card, not a redirect", async () => {
    const root = (await settle(rootLoader as unknown as Loader, `/?ref=${code}`)) as RootPayload;
    expect(statusOf(root)).toBe(200);
    expect(root.data.shareCard).toEqual({
      code,
      via: null,
      imageUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/share-cards/${code}/[0-9a-f]{16}\\.png$`)),
      alt: "captain.nova invites you to join the Vista Crew",
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

  it("the card's URL answers a PNG cached for a year; an old hash leads to the current one; unknown codes are 404", async () => {
    const root = (await settle(rootLoader as unknown as Loader, `/?ref=${code}`)) as RootPayload;
    const imagePath = new URL(root.data.shareCard?.imageUrl ?? "").pathname;
    const [, , , hash] = imagePath.replace(/\.png$/, "").split("/");
    const response = (await settle(shareCardLoader as unknown as Loader, imagePath, { code, hash: hash ?? "" })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await response.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);

    const stale = (await settle(shareCardLoader as unknown as Loader, `/share-cards/${code}/0000000000000000.png`, { code, hash: "0000000000000000" })) as Response;
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(imagePath);

    for (const unknown of ["nosuchcode1", "🚀", "x".repeat(5000)]) {
      expect(statusOf(await settle(shareCardLoader as unknown as Loader, "/share-cards/x/y.png", { code: unknown, hash: hash ?? "" }))).toBe(404);
    }
  });
});
