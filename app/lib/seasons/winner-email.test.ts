import { describe, expect, it } from "vitest";
import { i18nFor } from "../i18n/catalogs.server";
import { renderWinnerEmail } from "./winner-email";
import { DEFAULT_SEASON_WINNER_EMAIL_HTML } from "./winner-email-template";

const WINNER = { i18n: i18nFor("en"), siteName: "Vista Crew", nickname: "captain.nova", rank: 1, prize: "Early access pass", season: "October 2026", claimUrl: "https://crew.example/claim-prize?token=abc.2026-10.sig" };

describe("the winner e-mail", () => {
  it("links to the claim page and asks nobody to reply with an address", () => {
    const email = renderWinnerEmail({ ...WINNER, templateHtml: DEFAULT_SEASON_WINNER_EMAIL_HTML });
    expect(email.text).toContain("Claim your prize: https://crew.example/claim-prize?token=abc.2026-10.sig");
    expect(email.html).toContain('href="https://crew.example/claim-prize?token=abc.2026-10.sig"');
    expect(email.text).not.toMatch(/reply/i);
    expect(email.text).toContain("captain.nova");
  });

  it("keeps the claim button whatever the admin's template says", () => {
    const email = renderWinnerEmail({ ...WINNER, templateHtml: "<p>Well done, {{NICKNAME}}!</p>" });
    expect(email.text).toContain("Well done, captain.nova!");
    expect(email.text).toContain("Claim your prize: https://crew.example/claim-prize?token=");
  });
});
