// Who the site is for (issue 38, ADR 0066): a mixed audience asks every visitor's age
// neutrally (ADR 0041); a site directed to children asks no age at all and treats every
// sign-up as a child's, through a parent.
export const SITE_AUDIENCES = ["families", "children_first"] as const;
export type SiteAudience = (typeof SITE_AUDIENCES)[number];

/** The owner's choice on Admin → Settings, in the words the privacy policy uses too. */
export const SITE_AUDIENCE_LABELS: Record<SiteAudience, string> = {
  families: "Families (a mixed audience)",
  children_first: "Children first (every sign-up through a parent)",
};

/** A stored or posted value; anything unknown is the mixed audience, today's behaviour. */
export function parseSiteAudience(value: unknown): SiteAudience {
  return value === "children_first" ? "children_first" : "families";
}
