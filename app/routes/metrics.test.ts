import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { loader as metricsLoader } from "./metrics";

// /metrics from elsewhere than this machine: only with METRICS_TOKEN as the bearer token.
const TOKEN = "scrape-token-0123456789";
type Args = Parameters<typeof metricsLoader>[0];
let loader: typeof metricsLoader;

// The environment is read once per module graph: a fresh one, so the token is seen whichever file ran before in this worker.
beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  vi.resetModules();
  ({ loader } = await import("./metrics"));
});

afterAll(() => {
  delete process.env.METRICS_TOKEN;
  vi.resetModules();
});

async function scrape(clientIp: string, authorization?: string): Promise<number> {
  const headers = authorization === undefined ? undefined : { Authorization: authorization };
  const response = await loader({ request: new Request("http://localhost:3000/metrics", { headers }), params: {}, context: { clientIp } } as unknown as Args);
  return response.status;
}

describe("/metrics", () => {
  it("answers the right bearer token from elsewhere, and loopback without one", async () => {
    expect(await scrape("203.0.113.7", `Bearer ${TOKEN}`)).not.toBe(404);
    expect(await scrape("127.0.0.1")).not.toBe(404);
  });

  it("is not found with a missing, wrong, shorter or longer token", async () => {
    for (const authorization of [undefined, "Bearer nope", `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, TOKEN, `bearer ${TOKEN}`]) {
      expect(await scrape("203.0.113.7", authorization), String(authorization)).toBe(404);
    }
  });
});
