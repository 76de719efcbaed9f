import { data } from "react-router";
import type { Route } from "./+types/trailer-view";
import { log } from "~/kernel/log.server";
import { creditTrailerView } from "~/lib/points/points.server";
import { getCurrentMember } from "~/lib/waitlist/current-member.server";

// First trailer play: +5 points once per member, decided and recorded on the server.
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const member = await getCurrentMember(request);
    if (!member) return data({ credited: false });
    const credited = await creditTrailerView(member.id);
    return data({ credited });
  } catch (error) {
    log.error("trailer credit failed", { requestId: context.requestId, error });
    return data({ credited: false, failed: true }, { status: 500 });
  }
}

export async function loader() {
  throw data("Method Not Allowed", { status: 405 });
}
