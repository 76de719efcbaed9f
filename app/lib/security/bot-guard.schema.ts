import { z } from "zod";

/** Where the widget fetches its proof-of-work challenge (our own server, ADR 0013). */
export const BOT_CHALLENGE_PATH = "/api/altcha/challenge";
/** The key derivation each attempt runs: the server signs it, the browser's worker runs it. */
export const BOT_CHALLENGE_ALGORITHM = "PBKDF2/SHA-256";

/**
 * The two fields the bot guard adds to the waitlist and sign-in forms, spread into each
 * form's one schema: `altcha`, the widget's solved challenge (absent without
 * JavaScript), and `website`, a honeypot no person sees. An oversized value still parses
 * (to something the guard refuses), so a bot learns nothing from a field error.
 */
export const botGuardFields = {
  altcha: z.string().max(4_000).optional().catch("oversized"),
  website: z.string().max(1_000).optional().catch("oversized"),
};
