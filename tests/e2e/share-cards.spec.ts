// What a link preview (X, Facebook, Slack…) shows for a member's referral link: the raw
// HTML of /?ref=CODE names the member's card as its image, the card is a cacheable
// 1200×630 PNG, and an unknown code keeps the admin's share image. Visitors' browsers
// are still redirected and get the referral applied.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { allowFailedResponse, closePage, decodeEntities, latestMailTo, newPage, signIn, waitForHydration, withServerAndBrowser } from "./fixtures";
import { ADULT_BIRTH } from "../factories";

const TWITTERBOT = "Twitterbot/1.0";
const FACEBOOK = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";
const ADMIN_SHARE_IMAGE = "/uploads/social_sharing_images/launch.png";

const e2e = withServerAndBrowser();
let code = "";

/** A member joined through the form without JavaScript; their code comes from the welcome e-mail. */
async function joinAndReadCode(email: string): Promise<string> {
  const response = await fetch(`${e2e.server.origin}/join-waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: e2e.server.origin },
    body: new URLSearchParams({ email, ...ADULT_BIRTH }),
    redirect: "manual",
  });
  assert.equal(response.status, 302, `joining as ${email}`);
  const welcome = await latestMailTo(e2e.server.origin, email, /\/\?ref=/);
  const joinedCode = welcome.links.map((link) => link.match(/[?&]ref=([a-z0-9]+)/)?.[1]).find(Boolean);
  assert.ok(joinedCode, `no referral link in the welcome e-mail to ${email}`);
  return joinedCode;
}

/** The content of each <meta> tag in the raw HTML, by its property or name. */
async function metaTagsOf(path: string, userAgent: string): Promise<{ status: number; tags: Map<string, string> }> {
  const response = await fetch(`${e2e.server.origin}${path}`, { headers: { "User-Agent": userAgent }, redirect: "manual" });
  const html = await response.text();
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)) tags.set(key ?? "", decodeEntities(content ?? ""));
  return { status: response.status, tags };
}

before(async () => {
  await e2e.ready();
  code = await joinAndReadCode("star.rider@example.com");
  const admin = await newPage(e2e.browser);
  try {
    await signIn(admin, e2e.server.origin, "admin@example.com");
    await admin.goto(`${e2e.server.origin}/admin/social-share`);
    await waitForHydration(admin);
    // The image names no uploaded file: the screen's preview answers 404 while the page is open.
    allowFailedResponse(admin, 404, ADMIN_SHARE_IMAGE);
    await admin.getByLabel("Share image URL").fill(ADMIN_SHARE_IMAGE);
    await admin.getByRole("button", { name: "Save Social Settings" }).click();
    await admin.getByText("Social sharing settings saved.").waitFor();
  } finally {
    await closePage(admin);
  }
});

describe("share cards", () => {
  it("a link preview of /?ref=CODE reads the member's card in the raw HTML, a cacheable 1200×630 PNG", async () => {
    const { status, tags } = await metaTagsOf(`/?ref=${code}`, TWITTERBOT);
    assert.equal(status, 200, "a link preview gets the page, not the redirect");
    const image = tags.get("og:image") ?? "";
    assert.match(image, new RegExp(`^${e2e.server.origin}/share-cards/${code}/[0-9a-f]{16}\\.png$`));
    assert.equal(tags.get("twitter:card"), "summary_large_image");
    assert.equal(tags.get("twitter:image"), image);
    assert.equal(tags.get("og:url"), `${e2e.server.origin}/?ref=${code}`);
    // By crew name, never by anything of the address (ADR 0042).
    const alt = tags.get("og:image:alt") ?? "";
    assert.match(alt, /^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d? invites you to join the Vista Crew$/);
    assert.doesNotMatch([...tags.values()].join("\n"), /star\.rider|starri/i);

    const card = await fetch(image);
    assert.equal(card.status, 200);
    assert.equal(card.headers.get("content-type"), "image/png");
    // Revalidated, not immutable: a blocked or erased member's card leaves shared caches (ADR 0035).
    assert.equal(card.headers.get("cache-control"), "public, max-age=300");
    assert.match(card.headers.get("etag") ?? "", /^"[0-9a-f]{16}"$/);
    const png = new Uint8Array(await card.arrayBuffer());
    const header = new DataView(png.buffer);
    assert.equal(String.fromCharCode(...png.subarray(12, 16)), "IHDR");
    assert.deepEqual([header.getUint32(16), header.getUint32(20)], [1200, 630]);
    assert.ok(png.byteLength < 300 * 1024, `the card weighs ${png.byteLength} bytes`);
    console.log(`share card: ${png.byteLength} bytes`);
  });

  it("an unknown code keeps the admin's share image", async () => {
    const { status, tags } = await metaTagsOf("/?ref=nosuchcode123", FACEBOOK);
    assert.equal(status, 200);
    assert.equal(tags.get("og:image"), `${e2e.server.origin}${ADMIN_SHARE_IMAGE}`);
    assert.equal(tags.get("og:url"), `${e2e.server.origin}/`);
    assert.equal(tags.get("twitter:card"), "summary_large_image");
    assert.equal((await fetch(`${e2e.server.origin}/share-cards/nosuchcode123/0000000000000000.png`)).status, 404);
  });

  it("a visitor's browser still lands on / with the referral applied", async () => {
    const page = await newPage(e2e.browser);
    try {
      await page.goto(`${e2e.server.origin}/?ref=${code}`);
      await page.getByText("Referral Applied!").waitFor();
      assert.equal(page.url(), `${e2e.server.origin}/`);
    } finally {
      await closePage(page);
    }
  });
});
