import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { hasSessionCookie } from "~/lib/auth/session-cookie";
import { EMBED_FRAME_PATH } from "~/lib/embed/origins";
import { getEnv } from "~/kernel/env.server";
import { getSiteSetting } from "~/lib/settings/settings.server";
import type { Guard } from "./guards";

// Video embeds the trailer component may show (privacy-friendly YouTube host first).
const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];

export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Admins may point logos, product images and thumbnails at any https host.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    // The bot guard's challenge fetch and its worker (/assets/pbkdf2-*.js) are same-origin:
    // connect-src and script-src 'self' (worker-src falls back to it) already allow them.
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

// Pages and data that belong to one person (or to the back office): never stored by a
// shared cache, nor kept by the browser after sign-out. Every page that carries a token in
// its URL or form is one (issue 37): a test reads the routes and holds this list to it.
const PERSONAL_PATHS = [
  "/admin",
  "/dashboard",
  "/account",
  "/thank-you",
  "/login",
  "/logout",
  "/auth/",
  "/confirm-email",
  "/confirm-address",
  "/delete-my-data",
  "/parent-consent",
  "/claim-prize",
  "/invite",
  "/unsubscribe",
  "/dev/",
  "/api/",
];
// Resources that set their own (public) caching; React Router appends its headers to ours.
const PUBLIC_RESOURCE_PATHS = ["/uploads/", "/api/avatars/", "/api/events"];

export function isPersonalRequest(path: string, cookieHeader: string | undefined): boolean {
  if (PUBLIC_RESOURCE_PATHS.some((prefix) => path.startsWith(prefix))) return false;
  if (hasSessionCookie(cookieHeader)) return true;
  return PERSONAL_PATHS.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) || path.startsWith(`${prefix}.`));
}

/** The headers every response gets, static files included; HSTS once the site is served over https. */
function setBaseHeaders(res: ServerResponse) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (getEnv().isHttps) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * Headers for a built file served before the app (no page, so a closed CSP): the static
 * middlewares' `setHeaders`, so only a file actually served gets them, and a request they
 * pass on keeps the headers its guards set.
 */
export function applyStaticSecurityHeaders(res: ServerResponse) {
  setBaseHeaders(res);
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
}

/**
 * The security headers of a response of the app (not of a built file): the base headers,
 * the CSP with a fresh nonce when `strict`, and `private, no-store` for personal and
 * back-office paths. Returns the nonce.
 */
export function applySecurityHeaders(res: ServerResponse, { strict, path, cookieHeader }: { strict: boolean; path: string; cookieHeader: string | undefined }): string {
  const nonce = randomBytes(16).toString("base64");
  if (strict) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  setBaseHeaders(res);
  if (isPersonalRequest(path, cookieHeader)) res.setHeader("Cache-Control", "private, no-store");
  return nonce;
}

/**
 * Security headers for every response. `strict` adds the CSP, which the Vite dev
 * server's inline HMR scripts would break, so development runs without it. Personal
 * and back-office responses are `private, no-store`.
 */
export function securityHeadersGuard({ strict }: { strict: boolean }): Guard {
  return async (req, res, state) => {
    state.cspNonce = applySecurityHeaders(res, { strict, path: state.path, cookieHeader: req.headers.cookie });
    if (state.path !== EMBED_FRAME_PATH) return;
    // The iframe join form may be framed by the websites an admin allowed, and only them.
    const origins = await getSiteSetting("embedAllowedOrigins");
    res.removeHeader("X-Frame-Options");
    const ancestors = origins.length ? origins.join(" ") : "'none'";
    res.setHeader("Content-Security-Policy", strict ? contentSecurityPolicy(state.cspNonce, ancestors) : `frame-ancestors ${ancestors}`);
  };
}
