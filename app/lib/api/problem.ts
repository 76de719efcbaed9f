// RFC 9457 problem details: every API error has this shape and media type.
export type Problem = { type: string; title: string; status: number; detail?: string; errors?: Record<string, string[]> };

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function problemResponse(status: number, detail?: string, { errors, headers }: { errors?: Record<string, string[]>; headers?: HeadersInit } = {}): Response {
  const body: Problem = { type: "about:blank", title: TITLES[status] ?? "Error", status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) };
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Content-Type", "application/problem+json");
  responseHeaders.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: responseHeaders });
}

/** An answer an operation chose itself (status, detail, headers such as Retry-After), thrown from its handler. */
export class ProblemAnswer extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ProblemAnswer";
  }
}
