import { z } from "zod";

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
