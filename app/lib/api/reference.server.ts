import { getEnv } from "../../kernel/env.server";
import { API_ENDPOINTS } from "./endpoints.server";
import { openApiDocument } from "./openapi.server";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = { operationId: string; summary: string; description?: string; tags?: string[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { description: string }> };
type Document = { info: { title: string; description?: string }; servers: { url: string }[]; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  parameters: { name: string; in: string; required: boolean; type: string; description: string }[];
  body: string | null;
  responses: { status: string; description: string }[];
};

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1) ?? "";
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "");
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

/** The API reference page's content, read from the OpenAPI document (so it cannot drift). */
export function getApiReference() {
  const { origin, SITE_NAME } = getEnv();
  const document = openApiDocument(API_ENDPOINTS, { origin, siteName: SITE_NAME }) as Document;
  const operations: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content["application/json"]?.schema;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? "",
        tag: operation.tags?.[0] ?? "Other",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: Boolean(parameter.required),
          type: typeOf(parameter.schema),
          description: parameter.description ?? String(parameter.schema?.description ?? ""),
        })),
        body: body ? typeOf(body) : null,
        responses: Object.entries(operation.responses).map(([status, response]) => ({ status, description: response.description })),
      });
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({ name, json: JSON.stringify(schema, null, 2) }));
  return { title: document.info.title, description: document.info.description ?? "", server: document.servers[0]?.url ?? `${origin}/api/v1`, operations, schemas };
}
