import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * Solves a bot-guard challenge the way the browser's widget does and returns the form
 * value it would send (`altcha`): base64 of the challenge and its solution.
 */
export async function solveBotChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the bot-guard challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

/** Asks a running server for a challenge (GET /api/altcha/challenge) and solves it. */
export async function fetchSolvedBotPayload(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/altcha/challenge`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /api/altcha/challenge answered ${response.status}`);
  return solveBotChallenge((await response.json()) as Challenge);
}
