import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

// Video embeds the trailer component may show (privacy-friendly YouTube host first).
const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"];

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Admins may point logos, product images and thumbnails at any https host.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers for every response. `strict` adds the CSP, which the Vite dev
 * server's inline HMR scripts would break, so development runs without it.
 */
export function securityHeaders({ strict }: { strict: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    if (strict) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    next();
  };
}
