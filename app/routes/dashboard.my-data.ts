import { redirect } from "react-router";
import type { Route } from "./+types/dashboard.my-data";
import { requireMember } from "~/lib/auth/guards.server";
import { isAppError } from "~/kernel/errors";
import { exportDownload, exportOwnData } from "~/lib/privacy/export-member.server";
import { StaleSignInError } from "~/lib/privacy/privacy-request.server";
import { getMemberByEmail } from "~/lib/waitlist/members.server";

// "Download my data" (ADR 0045): a post from the dashboard answered with the JSON file.
// Without a fresh sign-in or past the limit, back to the dashboard, which says why.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireMember(request);
  const member = await getMemberByEmail(user.email);
  if (!member) throw redirect("/dashboard");
  try {
    const document = await exportOwnData({ memberId: member.id, sessionId: user.sessionId });
    return exportDownload(document);
  } catch (error) {
    if (error instanceof StaleSignInError) throw redirect("/dashboard?my-data=sign-in-again#my-data");
    if (isAppError(error) && error.code === "RATE_LIMITED") throw redirect("/dashboard?my-data=wait#my-data");
    throw error;
  }
}

export function loader() {
  throw redirect("/dashboard#my-data");
}
