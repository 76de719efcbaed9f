import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referralCodeAliases, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { crewNameOf } from "../crew-names/crew-name";
import { rerollCrewName } from "../crew-names/crew-name.server";
import { db } from "../../kernel/db.server";
import { shareCardsServed } from "../metrics.server";
import { saveSiteSettings } from "../settings/settings.server";
import { storeImage, UPLOAD_TARGETS } from "../storage/storage.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { getShareCard, getShareCardPng, shareCardPath } from "./share-card.server";

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "lc-card-uploads-"));
process.env.UPLOADS_DIR = uploads;
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

beforeEach(resetDatabase);
afterEach(() => vi.restoreAllMocks());

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Uint8Array): [number, number] {
  expect(String.fromCharCode(...png.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

async function cardOf(email: string) {
  const { member } = await joinWaitlist({ email });
  const card = await getShareCard(member.referralCode);
  if (!card) throw new Error(`no card for ${email}`);
  return Object.assign(card, { crewName: crewNameOf(member.id, 0), memberId: member.id });
}

async function renderedCount(): Promise<number> {
  const metric = await shareCardsServed.get();
  return metric.values.find((value) => value.labels.source === "rendered")?.value ?? 0;
}

async function uploadLogo(): Promise<string> {
  const png = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><rect width="300" height="80" rx="16" fill="#1e3a8a"/></svg>')
    .render()
    .asPng();
  const stored = await storeImage({ ...UPLOAD_TARGETS.logo, fileName: "crew logo.png", file: new Blob([new Uint8Array(png)]) });
  return stored.publicUrl;
}

describe("member share cards", () => {
  it("invite in the member's name, as a 1200×630 PNG under 300 KB at a path named by the code and a hash", async () => {
    const card = await cardOf("captain.nova@example.com");
    // By crew name, never by anything of the address (ADR 0042).
    expect(card.alt).toBe(`${card.crewName} invites you to join the Vista Crew`);
    expect(card.drawing.nickname).toBe(card.crewName);
    expect(JSON.stringify(card)).not.toContain("captain");
    expect(shareCardPath(card)).toMatch(new RegExp(`^/share-cards/${card.code}/[0-9a-f]{16}\\.png$`));
    const png = await getShareCardPng(card);
    expect(pngSize(png)).toEqual([1200, 630]);
    expect(png.byteLength).toBeLessThan(300 * 1024);
  });

  it("keep their hash while nothing drawn changes, and get a new one with a new brand colour", async () => {
    const card = await cardOf("captain.nova@example.com");
    expect((await getShareCard(card.code))?.hash).toBe(card.hash);
    expect((await getShareCard(`  ${card.code.toUpperCase()} `))?.hash).toBe(card.hash);

    await saveSiteSettings({ primaryBrandColor: "#1E3A8A" }, null);
    const recoloured = await getShareCard(card.code);
    expect(recoloured?.drawing.brandColor).toBe("#1e3a8a");
    expect(recoloured?.hash).not.toBe(card.hash);
  });

  it("draw the uploaded logo, and never fetch an external one", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const card = await cardOf("captain.nova@example.com");
    expect(card.drawing.logoSrc).toBeNull();

    await saveSiteSettings({ brandLogoUrl: "https://logos.example/crew.png" }, null);
    const external = await getShareCard(card.code);
    expect(external?.drawing.logoSrc).toBeNull();
    expect(external?.hash).toBe(card.hash);

    await saveSiteSettings({ brandLogoUrl: await uploadLogo() }, null);
    const uploaded = await getShareCard(card.code);
    expect(uploaded?.drawing.logoSrc).toMatch(/^data:image\/png;base64,/);
    expect(uploaded?.hash).not.toBe(card.hash);
    expect(pngSize(await getShareCardPng(uploaded!))).toEqual([1200, 630]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("differ from member to member", async () => {
    const nova = await cardOf("captain.nova@example.com");
    const pixel = await cardOf("pixel.pilot@example.com");
    expect(pixel.hash).not.toBe(nova.hash);
    expect(pixel.alt).toBe(`${pixel.crewName} invites you to join the Vista Crew`);
  });

  it("show the crew name whatever the address is made of (emoji, other scripts, bidi controls)", async () => {
    const emoji = await cardOf("🚀🌟@example.com");
    expect(emoji.alt).toBe(`${emoji.crewName} invites you to join the Vista Crew`);
    const mixed = await cardOf("звезда\u202e船长@example.com");
    expect(mixed.drawing.nickname).toBe(mixed.crewName);
    for (const card of [emoji, mixed]) expect(pngSize(await getShareCardPng(card))).toEqual([1200, 630]);
  });

  it("answer an old code (an alias) with the member's card under their current code, and follow a re-roll", async () => {
    const card = await cardOf("captain.nova@example.com");
    await db.insert(referralCodeAliases).values({ code: "captai4k2x9q", memberId: card.memberId });
    const viaAlias = await getShareCard("CAPTAI4K2X9Q");
    expect(viaAlias).toMatchObject({ code: card.code, hash: card.hash, alt: card.alt });
    await rerollCrewName(card.memberId);
    const rerolled = await getShareCard(card.code);
    expect(rerolled?.drawing.nickname).toBe(crewNameOf(card.memberId, 1));
    expect(rerolled?.hash).not.toBe(card.hash);
  });

  it("are drawn once for a burst of requests, then served from memory", async () => {
    const card = await cardOf("captain.nova@example.com");
    const before = await renderedCount();
    const pngs = await Promise.all(Array.from({ length: 8 }, () => getShareCardPng(card)));
    await getShareCardPng(card);
    expect(await renderedCount()).toBe(before + 1);
    expect(new Set(pngs).size).toBe(1);
  });

  it("do not exist for unknown codes, malformed codes or blocked members", async () => {
    const card = await cardOf("captain.nova@example.com");
    for (const code of ["nosuchcode1", "", "../../etc/passwd", "x".repeat(10_000), "captai\u0000", "🚀"]) {
      expect(await getShareCard(code)).toBeNull();
    }
    await db.update(waitlistUsers).set({ isBlocked: true }).where(eq(waitlistUsers.referralCode, card.code));
    expect(await getShareCard(card.code)).toBeNull();
  });
});
