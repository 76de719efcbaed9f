export const DEFAULT_SITE_NAME = "Vista Crew";

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** {product} from the root loader (SITE_NAME), for meta functions and pages. */
export function siteNameFrom(matches: Matches): string {
  const root = matches[0]?.loaderData as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}

/** CONTACT_EMAIL from the root loader. */
export function contactEmailFrom(matches: Matches): string {
  const root = matches[0]?.loaderData as { contactEmail?: string } | undefined;
  return root?.contactEmail ?? "hello@vistacrew.example";
}
