/**
 * Which parts of the site frame a route shows (spec §2 Layout). Route modules set
 * `export const handle = { chrome: "none" }`; the default is header and footer.
 */
export type Chrome = "full" | "footer-only" | "none";
export type ChromeHandle = { chrome?: Chrome };

export function chromeOf(matches: readonly { handle?: unknown }[]): Chrome {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as ChromeHandle | undefined;
    if (handle?.chrome) return handle.chrome;
  }
  return "full";
}
