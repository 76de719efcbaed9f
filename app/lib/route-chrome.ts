/**
 * Which parts of the site frame a route shows (spec §2 Layout). Route modules set
 * `export const handle = { chrome: "none" }`; the default is header and footer.
 */
export type Chrome = "full" | "footer-only" | "none";
export type ChromeHandle = {
  chrome?: Chrome;
  /**
   * `false`: the page needs no script at all (text, links, `<details>`), so it ships none —
   * no hydration, no router on the client (issue 16's JavaScript budget).
   */
  hydrate?: false;
};

export function chromeOf(matches: readonly { handle?: unknown }[]): Chrome {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as ChromeHandle | undefined;
    if (handle?.chrome) return handle.chrome;
  }
  return "full";
}

/** True when a matched route declares `handle.hydrate = false`. */
export function isStaticPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as ChromeHandle | undefined)?.hydrate === false);
}
