import type { Route } from "./+types/embed";
import { allowedEmbedOrigin, embedCorsHeaders } from "~/lib/embed/embed-cors.server";
import { getEmbedConfig } from "~/lib/embed/embed-config.server";
import { EmbedJoinSchema, joinFromEmbed } from "~/lib/embed/embed-join.server";
import { isAppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { createBotChallenge } from "~/lib/security/bot-challenge.server";
import { EMAIL_INVALID_MESSAGE, SIGNUP_ERROR_MESSAGE } from "~/lib/waitlist/waitlist.schema";

// The embeddable form's endpoints (/api/embed/config, /challenge, /join), answered with
// CORS only for the websites in Site Settings → Embeddable Join Form. No cookies are read.
const FORBIDDEN = () => Response.json({ error: "This website may not show the sign-up form." }, { status: 403, headers: { Vary: "Origin", "Cache-Control": "no-store" } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = await allowedEmbedOrigin(request);
  if (!origin) return FORBIDDEN();
  const headers = embedCorsHeaders(origin);
  // A CORS preflight (the join posts JSON) may reach the loader or the action.
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  if (params.endpoint === "config") return Response.json(await getEmbedConfig(), { headers });
  if (params.endpoint === "challenge") return Response.json(await createBotChallenge(), { headers });
  return Response.json({ error: "Not found." }, { status: 404, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const origin = await allowedEmbedOrigin(request);
  if (!origin) return FORBIDDEN();
  const headers = embedCorsHeaders(origin);
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  if (params.endpoint !== "join" || request.method !== "POST") return Response.json({ error: "Not found." }, { status: 404, headers });
  const body: unknown = await request.json().catch(() => null);
  const submission = EmbedJoinSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!submission.success) return Response.json({ error: EMAIL_INVALID_MESSAGE }, { status: 400, headers });
  try {
    return Response.json(await joinFromEmbed(submission.data, { clientIp: context.clientIp, userAgent: request.headers.get("User-Agent") }), { headers });
  } catch (error) {
    if (isAppError(error)) return Response.json({ error: error.userMessage }, { status: error.status, headers });
    log.error("embedded signup failed", { requestId: context.requestId, error });
    return Response.json({ error: SIGNUP_ERROR_MESSAGE }, { status: 500, headers });
  }
}
