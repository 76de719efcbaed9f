import { describe, expect, it } from "vitest";
import { loader as healthz } from "~/routes/healthz";
import { loader as readyz } from "~/routes/readyz";

describe("health endpoints", () => {
  it("/healthz says the process is up", async () => {
    const response = healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz is ready once the database answers and every migration is applied", async () => {
    const response = await readyz();
    const body = (await response.json()) as { isReady: boolean; database: string; migrations: { applied: number; expected: number } };
    expect(response.status).toBe(200);
    expect(body.database).toBe("up");
    expect(body.migrations.expected).toBeGreaterThanOrEqual(4);
    expect(body.migrations.applied).toBe(body.migrations.expected);
  });
});
