import { createCookie } from "react-router";
import { z } from "zod";

// One-shot notices carried across a redirect (sign-in, sign-out, joining), shown as toasts.
const FlashSchema = z.enum(["signed-in", "signed-out", "session-expired", "sign-out-failed", "referral-applied", "joined", "welcome-back"]);
export type Flash = z.infer<typeof FlashSchema>;

const flashCookie = createCookie("lc_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** Reads the notice (if any) and the Set-Cookie header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clearHeader: string | null }> {
  const raw = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, clearHeader: null };
  const parsed = FlashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clearHeader: await flashCookie.serialize("", { maxAge: 0 }) };
}
