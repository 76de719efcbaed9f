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
});
