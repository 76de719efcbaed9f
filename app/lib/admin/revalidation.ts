import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Intents whose requests change nothing the page shows (e.g. "send a test e-mail"). */
const BACKGROUND_INTENTS = new Set(["send-test", "reveal-secret", "reveal-address"]);

function isFailedAdminResult(result: unknown): boolean {
  return typeof result === "object" && result !== null && "ok" in result && (result as { ok: unknown }).ok === false;
}

/**
 * Revalidation rule for the admin routes (and root): after a background request, or a
 * change that failed (the server may be down, and reloading would replace the
 * screen, drafts and all, with an error page), keep what is on screen.
 */
export function adminShouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const intent = formData?.get("intent");
  if (typeof intent === "string" && BACKGROUND_INTENTS.has(intent)) return false;
  if (isFailedAdminResult(actionResult)) return false;
  return defaultShouldRevalidate;
}
