import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/clock";
import { isTestClockEnabled, setTestClockOffset } from "~/lib/dev/test-clock.server";
import { runConsentSchedule } from "~/lib/consent/consent-schedule.server";
import { requireDevMailboxAccess } from "~/lib/email/dev-mailbox.server";

const OffsetSchema = z.object({ offsetMs: z.coerce.number().int().min(0).max(30 * 24 * 3_600_000) });

// POST /dev/clock?offsetMs=N: the end-to-end suite moves the server's clock with the browser's (ADR 0036). Only a
// server started with TEST_CLOCK=true (local mail mode only) has it, only for this machine.
export async function action({ request, context }: Route.ActionArgs) {
  requireDevMailboxAccess(context.clientIp);
  if (!isTestClockEnabled()) throw data("Not Found", { status: 404 });
  const parsed = OffsetSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return data({ error: "offsetMs must be a whole number of milliseconds (0 to 30 days)" }, { status: 400 });
  setTestClockOffset(parsed.data.offsetMs);
  // The jobs that read the moved clock run at once, so a test need not wait for their minute.
  await runConsentSchedule();
  return { offsetMs: parsed.data.offsetMs };
}

export async function loader() {
  throw data("Not Found", { status: 404 });
}
