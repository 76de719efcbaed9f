import type { Route } from "./+types/v1";
import { handleApiRequest } from "~/lib/api/dispatch.server";
import { API_ENDPOINTS } from "~/lib/api/endpoints.server";

// The JSON API (/api/v1/*): one resource route; operations, validation and the OpenAPI
// document come from app/lib/api/endpoints.server.ts.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApiRequest(request, API_ENDPOINTS, context as { requestId?: string; clientIp?: string });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApiRequest(request, API_ENDPOINTS, context as { requestId?: string; clientIp?: string });
}
