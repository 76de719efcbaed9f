import { describe, expect, it } from "vitest";
import { referralLink, shareTargets } from "./share-links";

describe("share links", () => {
  it("builds the referral link from the origin and code", () => {
    expect(referralLink("https://crew.example", "ada4k2x9q1z")).toBe("https://crew.example/?ref=ada4k2x9q1z");
  });

  it("puts the referral link into every network's share URL", () => {
    const link = referralLink("https://crew.example", "ada4k2x9q1z");
    const targets = shareTargets(link, "Vista Crew");
    expect(targets.map((target) => target.label)).toEqual(["Facebook", "X", "LinkedIn", "Email"]);
    for (const target of targets) {
      const url = new URL(target.href);
      const carried = [...url.searchParams.values()].join(" ");
      expect(carried).toContain(link);
    }
    expect(targets[3]?.href.startsWith("mailto:")).toBe(true);
  });

  it("never says \"Crew crew\" when the site's name ends in Crew", () => {
    const targets = shareTargets(referralLink("https://crew.example", "ada4k2x9q1z"), "Vista Crew");
    for (const target of targets) {
      const url = new URL(target.href);
      const text = [...url.searchParams.values()].join(" ");
      expect(text).not.toMatch(/crew\s+crew/i);
    }
    expect(decodeURIComponent(targets[1]?.href ?? "")).toContain("I just joined the Vista Crew waitlist!");
  });
});
