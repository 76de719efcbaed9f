import { createBotChallenge } from "~/lib/security/bot-challenge.server";

// A fresh proof-of-work challenge for the bot guard's widget (ADR 0013). Anyone may ask:
// it touches no database, and a challenge is only worth something once solved.
export async function loader() {
  return Response.json(await createBotChallenge(), { headers: { "Cache-Control": "no-store" } });
}
