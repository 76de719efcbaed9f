export const DEFAULT_SITE_NAME = "Vista Crew";

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** {product} from the root loader (SITE_NAME), for meta functions and pages. */
export function siteNameFrom(matches: Matches): string {
  const root = matches[0]?.loaderData as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}
