import { z } from "zod";
import { getEnv } from "../../kernel/env.server";
import { isAppError } from "../../kernel/errors";
import { DATABASE_DOWN_RETRY_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../database-unavailable.server";
import { log } from "../../kernel/log.server";
import { consumeRateLimit } from "../security/rate-limit.server";
import { API_AUTH_FAILURE_LIMIT, API_RATE_LIMIT } from "./limits";
import { networkKeyOf } from "../security/client-network.server";
import { authenticateApiKey, type ApiKeyRefusal } from "./api-keys.server";
import type { Endpoint } from "./endpoint.server";
import { openApiDocument } from "./openapi.server";
import { ProblemAnswer, problemResponse } from "./problem";

export { API_AUTH_FAILURE_LIMIT, API_RATE_LIMIT };
const MAX_BODY_BYTES = 64 * 1024;

type Match = { endpoint: Endpoint; params: Record<string, string> };

function patternOf(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
}

function match(endpoints: Endpoint[], method: string, path: string): Match | "wrong-method" | null {
  let pathKnown = false;
  for (const endpoint of endpoints) {
    const found = patternOf(endpoint.path).exec(path);
    if (!found) continue;
    pathKnown = true;
    if (endpoint.method === method) {
      const params = Object.fromEntries(Object.entries(found.groups ?? {}).map(([name, value]) => [name, safeDecode(value)]));
      return { endpoint, params };
    }
  }
  return pathKnown ? "wrong-method" : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function fieldErrors(error: z.ZodError, where: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = [where, ...issue.path.map(String)].join(".");
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}

async function readJsonBody(request: Request): Promise<{ body: unknown } | Response> {
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return problemResponse(415, "Send the body as JSON (Content-Type: application/json).");
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return problemResponse(413, `The body can be at most ${MAX_BODY_BYTES / 1024} KB.`);
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return problemResponse(400, "The body is not valid JSON.");
  }
}

function json(value: unknown, status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(value), { status, headers });
}

/**
 * A request without a usable key: 401, or 429 once its network has failed too often (the
 * shared rate_limits table, so every process counts). Each failure is logged at warn with
 * the key's public prefix at most.
 */
async function refuseKey(
  { refused, prefix }: { refused: ApiKeyRefusal; prefix: string | null },
  { requestId, clientIp, operation }: { requestId?: string; clientIp: string; operation: string },
): Promise<Response> {
  const limit = await consumeRateLimit(`api:auth-failure:network:${networkKeyOf(clientIp)}`, API_AUTH_FAILURE_LIMIT);
  log.warn("api key refused", { requestId, operation, reason: refused, apiKey: prefix, limited: !limit.allowed });
  if (!limit.allowed) {
    return problemResponse(429, `Too many requests without a valid API key from your network; try again in ${limit.retryAfterSeconds} seconds.`, {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  return problemResponse(401, "Send an active API key: Authorization: Bearer lc_…", { headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
}

/**
 * Answers one /api/v1 request: find the operation, check the key and its scope, count
 * it against the key's rate limit, validate the input with the operation's schemas, run
 * it. Every failure is an RFC 9457 problem; nothing unexpected leaks.
 */
export async function handleApiRequest(request: Request, endpoints: Endpoint[], context: { requestId?: string; clientIp?: string } = {}): Promise<Response> {
  try {
    return await answerApiRequest(request, endpoints, context);
  } catch (error) {
    // The key check or the rate limit met a database that cannot be reached: the same 503
    // and Retry-After as an operation's own outage (joinFailureOf), never a 500.
    if (!isDatabaseUnavailable(error)) throw error;
    log.warn("api request while the database is unavailable", { requestId: context.requestId, error });
    return problemResponse(503, DATABASE_UNAVAILABLE_MESSAGE, { headers: { "Retry-After": String(DATABASE_DOWN_RETRY_SECONDS) } });
  }
}

async function answerApiRequest(request: Request, endpoints: Endpoint[], { requestId, clientIp = "unknown" }: { requestId?: string; clientIp?: string }): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api\/v1/, "") || "/";
  const method = request.method.toLowerCase();
  const { origin, SITE_NAME } = getEnv();
  if (path === "/openapi.json" && (method === "get" || method === "head")) {
    return json(openApiDocument(endpoints, { origin, siteName: SITE_NAME }), 200, new Headers({ "Access-Control-Allow-Origin": "*" }));
  }
  const found = match(endpoints, method, path);
  if (found === null) return problemResponse(404, "No such API operation; see /api/v1/openapi.json.");
  if (found === "wrong-method") return problemResponse(405, "This operation does not take that method; see /api/v1/openapi.json.");
  const { endpoint, params } = found;

  const check = await authenticateApiKey(request.headers.get("Authorization"));
  if ("refused" in check) return refuseKey(check, { requestId, clientIp, operation: endpoint.operationId });
  const { key } = check;
  if (!key.scopes.includes(endpoint.scope)) return problemResponse(403, `This key lacks the ${endpoint.scope} scope.`);

  const limit = await consumeRateLimit(`api:key:${key.id}`, API_RATE_LIMIT);
  const headers = new Headers({
    "RateLimit-Limit": String(API_RATE_LIMIT.limit),
    "RateLimit-Remaining": String(limit.remaining),
    "RateLimit-Reset": String(limit.retryAfterSeconds),
  });
  if (!limit.allowed) {
    headers.set("Retry-After", String(limit.retryAfterSeconds));
    return problemResponse(429, `At most ${API_RATE_LIMIT.limit} requests a minute per key.`, { headers });
  }

  const input: { params: unknown; query: unknown; body: unknown } = { params: {}, query: {}, body: undefined };
  for (const [where, schema, raw] of [
    ["params", endpoint.params, params],
    ["query", endpoint.query, Object.fromEntries(url.searchParams)],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return problemResponse(400, "Some values are not allowed.", { errors: fieldErrors(parsed.error, where), headers });
    input[where] = parsed.data;
  }
  if (endpoint.body) {
    const read = await readJsonBody(request);
    if (read instanceof Response) return read;
    const parsed = endpoint.body.safeParse(read.body);
    if (!parsed.success) return problemResponse(400, "Some values are not allowed.", { errors: fieldErrors(parsed.error, "body"), headers });
    input.body = parsed.data;
  }

  try {
    const result = await endpoint.handle(input as never, { key, origin });
    if (method !== "get") log.info("api change", { requestId, operation: endpoint.operationId, apiKey: key.prefix });
    return json(result, endpoint.status ?? 200, headers);
  } catch (error) {
    if (error instanceof ProblemAnswer) {
      for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
      return problemResponse(error.status, error.detail, { headers });
    }
    if (isAppError(error)) return problemResponse(error.status, error.userMessage, { headers });
    log.error("api operation failed", { requestId, operation: endpoint.operationId, apiKey: key.prefix, error });
    return problemResponse(500, "Something went wrong on our side; try again.", { headers });
  }
}
