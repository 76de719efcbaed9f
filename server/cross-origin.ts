import { getEnv } from "~/kernel/env.server";
import { isCrossOriginWrite } from "~/lib/security/cross-origin";
import type { Guard } from "./guards";

const UNSUBSCRIBE_PATH = "/unsubscribe";

/** CSRF protection for every state-changing request (docs/decisions/0002-csrf.md). */
export const crossOriginGuard: Guard = (req, _res, state) => {
  // The embeddable form posts from other websites on purpose; its endpoint reads no
  // cookies and answers only the websites an admin allowed (app/routes/api/embed.ts).
  if (state.path === "/api/embed/join") return;
  // The unsubscribe link (ADR 0044): a mail provider or webmail posts it from its own site
  // (RFC 8058 one-click). The signed token in its URL is the only authority — the route
  // reads no cookie — so a cross-site post can do nothing its sender's link does not allow.
  // React Router refuses a foreign Origin on every action and cannot be told per route, so
  // this one path's Origin is set aside before it gets there.
  if (state.path === UNSUBSCRIBE_PATH) {
    delete req.headers.origin;
    return;
  }
  const secFetchSite = req.headers["sec-fetch-site"];
  const crossOrigin = isCrossOriginWrite({
    method: req.method ?? "GET",
    publicOrigin: getEnv().origin,
    origin: req.headers.origin ?? null,
    secFetchSite: (Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite) ?? null,
  });
  if (crossOrigin) return { status: 403, text: "Cross-origin request blocked." };
};
