import type { z } from "zod";
import type { ApiKey } from "./api-keys.server";
import type { ApiScope } from "./scopes";

export type EndpointContext = { key: ApiKey; origin: string };

type Schema = z.ZodType;
type Input<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> = {
  params: P extends Schema ? z.output<P> : Record<string, never>;
  query: Q extends Schema ? z.output<Q> : Record<string, never>;
  body: B extends Schema ? z.output<B> : undefined;
};

/** One API operation: its schemas are both the validation and the OpenAPI document. */
export type Endpoint<P extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, B extends Schema | undefined = Schema | undefined, R extends Schema = Schema> = {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI style: "/members/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  scope: ApiScope;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201;
  /** Statuses the operation can answer besides 2xx, 401, 403 and 429 (documented as problem+json). */
  errors?: (400 | 404 | 409)[];
  /** When the operation answers 403 for a reason of its own besides a missing scope. */
  forbiddenWhen?: string;
  handle: (input: Input<P, Q, B>, context: EndpointContext) => Promise<z.input<R>>;
};

export function defineEndpoint<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, R extends Schema = Schema>(
  endpoint: Endpoint<P, Q, B, R>,
): Endpoint {
  return endpoint as unknown as Endpoint;
}
