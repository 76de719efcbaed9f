import { getEnv } from "~/lib/env.server";
import { isCrossOriginWrite } from "~/lib/security/cross-origin";
import type { Guard } from "./guards";

/** CSRF protection for every state-changing request (docs/decisions/0002-csrf.md). */
export const crossOriginGuard: Guard = (req, _res, state) => {
  // The embeddable form posts from other websites on purpose; its endpoint reads no
  // cookies and answers only the websites an admin allowed (app/routes/api/embed.ts).
  if (state.path === "/api/embed/join") return;
  const secFetchSite = req.headers["sec-fetch-site"];
  const crossOrigin = isCrossOriginWrite({
    method: req.method ?? "GET",
    publicOrigin: getEnv().origin,
    origin: req.headers.origin ?? null,
    secFetchSite: (Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite) ?? null,
  });
  if (crossOrigin) return { status: 403, text: "Cross-origin request blocked." };
};
