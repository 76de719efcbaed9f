import type { Route } from "./+types/embed";
import { allowedEmbedOrigin, embedCorsHeaders } from "~/lib/embed/embed-cors.server";
import { getEmbedConfig } from "~/lib/embed/embed-config.server";
import { answerEmbedJoin } from "~/lib/embed/embed-join.server";
import { createBotChallenge } from "~/lib/security/bot-challenge.server";
import { requestLanguage } from "~/lib/i18n/request-language.server";

// The embeddable form's endpoints (/api/embed/config, /challenge, /join), answered with
// CORS only for the websites in Site Settings → Embeddable Join Form. No cookies are read.
const FORBIDDEN = () => Response.json({ error: "This website may not show the sign-up form." }, { status: 403, headers: { Vary: "Origin", "Cache-Control": "no-store" } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = await allowedEmbedOrigin(request);
  if (!origin) return FORBIDDEN();
  const headers = embedCorsHeaders(origin);
  // A CORS preflight (the join posts JSON) may reach the loader or the action.
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  if (params.endpoint === "config") return Response.json(await getEmbedConfig(requestLanguage(request)), { headers });
  if (params.endpoint === "challenge") return Response.json(await createBotChallenge(), { headers });
  return Response.json({ error: "Not found." }, { status: 404, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const origin = await allowedEmbedOrigin(request);
  if (!origin) return FORBIDDEN();
  const headers = embedCorsHeaders(origin);
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  if (params.endpoint !== "join" || request.method !== "POST") return Response.json({ error: "Not found." }, { status: 404, headers });
  const answer = await answerEmbedJoin(await request.json().catch(() => null), {
    clientIp: context.clientIp,
    userAgent: request.headers.get("User-Agent"),
    siteLanguage: requestLanguage(request),
    requestId: context.requestId,
  });
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  return Response.json(answer.body, { status: answer.status, headers });
}
