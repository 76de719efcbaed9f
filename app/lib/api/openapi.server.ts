import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { Endpoint } from "./endpoint.server";
import { API_AUTH_FAILURE_LIMIT, API_RATE_LIMIT } from "./limits";
import { API_SCOPES } from "./scopes";
import { z } from "./zod";

const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().openapi({ description: "Field errors, by field path." }),
  })
  .openapi("Problem");

const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ProblemSchema } } });

const ERROR_DESCRIPTIONS = { 400: "The request is malformed or a value is not allowed", 404: "Not found", 409: "Conflicts with the current state" } as const;

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Requests allowed per window for this key", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in this window", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" as const } },
};

const API_RATE_LIMIT_TEXT = `${API_RATE_LIMIT.limit} a minute`;
const AUTH_FAILURE_LIMIT_TEXT = `${API_AUTH_FAILURE_LIMIT.limit} every ${API_AUTH_FAILURE_LIMIT.windowSeconds / 60} minutes`;

let cached: object | undefined;

/** The OpenAPI 3.1 document of /api/v1, built from the endpoints' Zod schemas. */
export function openApiDocument(endpoints: Endpoint[], { origin, siteName }: { origin: string; siteName: string }): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `An API key from Admin → Developers. Scopes: ${Object.entries(API_SCOPES).map(([scope, what]) => `\`${scope}\` (${what})`).join(", ")}.`,
  });
  for (const endpoint of endpoints) {
    const responses: Record<number, object> = {
      [endpoint.status ?? 200]: { description: endpoint.summary, headers: RATE_LIMIT_HEADERS, content: { "application/json": { schema: endpoint.response } } },
      401: problem("No valid API key: missing, unknown, revoked or expired"),
      403: problem(`The key lacks the \`${endpoint.scope}\` scope${endpoint.forbiddenWhen ? `, or ${endpoint.forbiddenWhen}` : ""}`),
      429: problem(`Too many requests for this key (${API_RATE_LIMIT_TEXT}), or too many without a valid key from your network (${AUTH_FAILURE_LIMIT_TEXT}): wait for Retry-After seconds`),
      503: problem("The database cannot be reached right now, or (adding a member) this server's join queue is full: nothing was changed; wait for Retry-After seconds"),
    };
    for (const status of endpoint.errors ?? []) responses[status] = problem(ERROR_DESCRIPTIONS[status]);
    registry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: [endpoint.description, `Scope: \`${endpoint.scope}\`.`].filter(Boolean).join("\n\n"),
      tags: [endpoint.tag],
      security: [{ apiKey: [] }],
      request: {
        ...(endpoint.params ? { params: endpoint.params as never } : {}),
        ...(endpoint.query ? { query: endpoint.query as never } : {}),
        ...(endpoint.body ? { body: { required: true, content: { "application/json": { schema: endpoint.body } } } } : {}),
      },
      responses,
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1.0.0",
      description: "Members, referrals, the leaderboard, products, settings and counts of the waitlist. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: `${origin}/api/v1` }],
  });
  return cached;
}
