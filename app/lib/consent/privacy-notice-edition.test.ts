import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { i18nFor, messagesFor } from "../i18n/catalogs.server";
import { parentNoticeLines } from "./consent-emails";
import { PRIVACY_NOTICE_EDITION, SPANISH_NOTICE_EDITION } from "./privacy-notice.server";

// The words of the notice live in these files. A consent names the notice version it
// accepted, so changing them must raise PRIVACY_NOTICE_EDITION (a new version is then
// recorded and audited the first time it is shown) and record the new hash here.
const NOTICE_FILES = ["app/routes/privacy.tsx", "app/routes/terms.tsx", "app/lib/consent/consent-emails.ts"];
const HASH_OF_EDITION: Record<number, string> = {
  1: "f4df7e808aff32ca2c66f0ce47cc553c1bbd6be4463749eb7668b80c1a605ea4",
  2: "7843a1d94e77a522d4d0f7c8534bbbe728d763fbe4f0abbabd9be2d2c96903cd",
  3: "6897f0c767cbe799becf82707c31e579e77aa9382a370bfee8ab58396d76a2bb",
  4: "66a0f875a2844d1a43a4b0f6cb439b91934ad7b8b4908985caf46b74328f9d3f",
  5: "a6af0255547546d626aa465c709c808ed7eb2dc4ca516965868b044657ff2da4",
  6: "9fe0148e9b36f1f8a03092421f0f591b530ee89098c56965480a331f6210e271",
  7: "ef4ee7e1e7bcf618e713930b1ff28dfd996af13e5262933ae329d4c3e65613d1",
  8: "932ba44737d415142a5fc95f3d0829a5cb1b7068f92c740cf3895e790efcb517",
  9: "7991e4f5b440b67c26ff2ce5519e892d9d19dd1e4fce4852d1ba069474b69497",
  // 10: the terms in Spanish too, and the privacy page's own words (issue 31).
  10: "f8fb5823a130677014b09dcd813df2d0f499fdc75437e6aceeb5eafce765c15c",
  // 11: the privacy notice's body through the catalog (its English words unchanged), and the notice's version in the page's language.
  11: "481c27fe8efd7af834c87183987d2b6f5747d83895eb24c3c16b1b7966d809fe",
  // 12: what a parent's request keeps while it waits, that the note goes too, and the age cookie's fingerprints of typed addresses (issue 37).
  12: "e5ee6394761e158639977bcdfdbaa29e3b4a600fd917f0bf69bd3006e0d0b440",
  // 13: "This is not my child" refuses requests to the address for 30 days, kept as a keyed hash (issue 38).
  13: "a69259a8af4b7bf4551423a601f5a9dca07c0b49257eca6effb0c2214ed9f57b",
  // 14: the consent age follows the country given on the age question, per the studio's table (issue 38, ADR 0063).
  14: "a797a9e0f97987f6d853269007fe4f3a897f430150bb631023300ad07dd5ef24",
  // 15: a parent answers "Show on the public leaderboard"; "Share with the studio's partners" is a separate yes (issue 38, ADR 0065).
  15: "058ae5e2563de5967280a039bd38ee1abc8f6e02188c28a240a6c60ad45c77a5",
  // 16: a site run "children first" says so: no age asked, every sign-up a request to a grown-up (issue 38, ADR 0066).
  16: "5ad5ae2e35996e768c74ff8b58d62298b5140ec8062dc091f520538f187d3e71",
  // 17: a family shares the parent's address; "My family", "Add another child", removing one child (issue 38, ADR 0067).
  // Its hash is of the files without their import lines (the same words hashed whole were df2156e9…): from here on,
  // a module moving (issue 41's kernel) is not a new notice.
  17: "ad078100f4171e072cff1c6f2a95b0e95601835765a0b495793fea508bc07e2f",
};

/** A file without its import lines. */
function wordsOf(source: string): string {
  return source
    .split("\n")
    .filter((line) => !/^import\s/.test(line))
    .join("\n");
}

describe("the privacy notice's edition", () => {
  it("changes whenever the notice's words do", () => {
    const hash = createHash("sha256");
    // The words, not where a file finds its modules: moving a module is not a new notice.
    for (const file of NOTICE_FILES) hash.update(wordsOf(readFileSync(file, "utf8")));
    expect(hash.digest("hex"), "the notice's words changed: raise PRIVACY_NOTICE_EDITION and record the new hash").toBe(HASH_OF_EDITION[PRIVACY_NOTICE_EDITION]);
  });
});

// The Spanish notice's words are the Spanish catalog's rendering of the parent's notice and
// the Spanish /privacy and /terms (their catalogs' messages, ADR 0054): changing them must
// raise SPANISH_NOTICE_EDITION and record the new hash here, so a Spanish consent names the
// Spanish words it accepted.
const HASH_OF_SPANISH_EDITION: Record<number, string> = {
  1: "4338d5f9fb495b79de14ddf224a78a38057986ac9ab1fa38714f5ec24770019c", // the parent's notice only
  // 2: the Spanish privacy notice (/privacy) and terms too.
  2: "b4e274eb1760c0596099b1e3b3b9aaa0e7d94506af52df0fead7a9e2c0dd531a",
  // 3: the same changes as the English edition 12 (issue 37).
  3: "caa4ef65cc8d73cf0e56934c94ebcbded86c5e7d7d1db3c6b8526a0774e538e3",
  // 4: the same change as the English edition 13 (issue 38).
  4: "9bbc8af7bc6faf890fd29e0abdbbe8e32ecc95ed78661ff6de54b2a162f191ca",
  // 5: the same change as the English edition 14 (issue 38, ADR 0063).
  5: "12e1f6f39ee729472ddf42deedf457c420f50fd2a628982214e1e8cf074d8a62",
  // 6: the same change as the English edition 15 (issue 38, ADR 0065).
  6: "9511a994426e8a9a579b26c31bc3e840a34d15a8ede0b1832826423069791c8c",
  // 7: the same change as the English edition 16 (issue 38, ADR 0066).
  7: "5bc9c7c310466c98d9a38437ccdf1b8d7c724021bb6235998da3899160e654e2",
  // 8: the same change as the English edition 17 (issue 38, ADR 0067).
  8: "c7eeb784b0d3aa5d0855b7b547baaaef99dee37246773eca4aa15706cba3bded",
};
const SPANISH_PAGES = ["privacy", "terms"] as const;

describe("the Spanish privacy notice's edition", () => {
  it("changes whenever the Spanish notice's words do", () => {
    const lines = parentNoticeLines({
      i18n: i18nFor("es"),
      siteName: "Vista Crew",
      contactEmail: "crew@example.com",
      requestedAt: new Date("2026-01-02T03:04:05Z"),
      device: "mobile",
      country: null,
      consentRequestDays: 7,
      consentCountry: "ES",
      consentAge: 14,
    });
    expect(lines.join("\n")).not.toContain("Someone on the"); // Spanish, not the English passed through
    const hash = createHash("sha256").update(lines.join("\n"));
    for (const namespace of SPANISH_PAGES) {
      const messages = messagesFor("es", namespace);
      expect(messages["What we collect"] ?? messages["Terms of Service"], namespace).toBeDefined();
      // Each message with its id, in the id's order: a changed, added or removed Spanish sentence changes the hash.
      for (const id of Object.keys(messages).sort()) hash.update(`\n${namespace}\u0000${id}\u0000${JSON.stringify(messages[id])}`);
    }
    expect(hash.digest("hex"), "the Spanish notice's words changed: raise SPANISH_NOTICE_EDITION and record the new hash").toBe(HASH_OF_SPANISH_EDITION[SPANISH_NOTICE_EDITION]);
  });
});
