import { describe, expect, it } from "vitest";
import { networkShareUrl, referralLink, SHARE_NETWORKS, shareTargets } from "./share-links";
import { i18nFor } from "../i18n/catalogs.server";

describe("share links", () => {
  it("builds the referral link from the origin and code, with the channel it is shared through", () => {
    expect(referralLink("https://crew.example", "ada4k2x9q1z")).toBe("https://crew.example/?ref=ada4k2x9q1z");
    expect(referralLink("https://crew.example", "ada4k2x9q1z", "copy")).toBe("https://crew.example/?ref=ada4k2x9q1z&via=copy");
  });

  it("gives one button per network, each through our counting link", () => {
    const targets = shareTargets("ada4k2x9q1z");
    expect(targets.map((target) => target.label)).toEqual(["Facebook", "X", "LinkedIn", "Email"]);
    expect(targets.map((target) => target.href)).toEqual([
      "/share/facebook?code=ada4k2x9q1z",
      "/share/x?code=ada4k2x9q1z",
      "/share/linkedin?code=ada4k2x9q1z",
      "/share/email?code=ada4k2x9q1z",
    ]);
  });

  it("puts the referral link for that channel into every network's share URL", () => {
    for (const network of SHARE_NETWORKS) {
      const link = referralLink("https://crew.example", "ada4k2x9q1z", network);
      const url = new URL(networkShareUrl(network, link, "Vista Crew", i18nFor("en")));
      const carried = [...url.searchParams.values()].join(" ");
      expect(carried).toContain(`https://crew.example/?ref=ada4k2x9q1z&via=${network}`);
    }
    expect(networkShareUrl("email", "https://crew.example/?ref=a", "Vista Crew", i18nFor("en")).startsWith("mailto:")).toBe(true);
  });

  it("never says \"Crew crew\" when the site's name ends in Crew", () => {
    for (const network of SHARE_NETWORKS) {
      const url = new URL(networkShareUrl(network, referralLink("https://crew.example", "ada4k2x9q1z", network), "Vista Crew", i18nFor("en")));
      const text = [...url.searchParams.values()].join(" ");
      expect(text).not.toMatch(/crew\s+crew/i);
    }
    expect(decodeURIComponent(networkShareUrl("x", "https://crew.example/?ref=a", "Vista Crew", i18nFor("en")))).toContain("I just joined the Vista Crew waitlist!");
    expect(decodeURIComponent(networkShareUrl("x", "https://crew.example/?ref=a", "Vista Crew", i18nFor("es")))).toContain("¡Me uní a la lista de espera de Vista Crew!");
  });
});
