// The challenge's address and algorithm, shared by the server and the browser's widget
// (apart from the form schema, so the widget never loads Zod).

/** Where the widget fetches its proof-of-work challenge (our own server, ADR 0013). */
export const BOT_CHALLENGE_PATH = "/api/altcha/challenge";
/** The key derivation each attempt runs: the server signs it, the browser's worker runs it. */
export const BOT_CHALLENGE_ALGORITHM = "PBKDF2/SHA-256";
