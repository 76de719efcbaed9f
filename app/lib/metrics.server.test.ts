import { describe, expect, it } from "vitest";
import { loader as metrics } from "~/routes/metrics";
import { signUpFromForm } from "./waitlist/join/signup.server";
import { routeLabel } from "./metrics.server";
import { resetDatabase } from "../../tests/db-reset";
import { SELF_CONSENT } from "../../tests/factories";

const args = (clientIp: string, headers: Record<string, string> = {}) =>
  ({ request: new Request("http://localhost/metrics", { headers }), params: {}, context: { clientIp, requestId: "t", cspNonce: "" } }) as unknown as Parameters<typeof metrics>[0];

describe("metrics", () => {
  it("labels routes without ids and folds every 404 into one label", () => {
    expect(routeLabel("/products/3f2b8c9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f", 200)).toBe("/products/:id");
    expect(routeLabel("/admin/settings.data", 200)).toBe("/admin/settings");
    expect(routeLabel("/api/avatars/123.svg", 200)).toBe("/api/avatars");
    expect(routeLabel("/random-probe-8812/deeper/still", 404)).toBe("not-found");
  });

  it("serves Prometheus text to this machine only, with sign-ups, outbox and stream figures", async () => {
    await resetDatabase();
    await signUpFromForm({ consent: SELF_CONSENT, email: "metrics.kid@example.com", clientIp: "10.1.2.3", userAgent: null, referralCode: null, seen: { deviceMemberId: null, signedInEmail: null } });
    const outside = await metrics(args("203.0.113.9"));
    expect(outside.status).toBe(404);
    const response = await metrics(args("127.0.0.1"));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/launchcrew_signups_total\{kind="new"\} [1-9]/);
    expect(text).toMatch(/launchcrew_outbox_pending\{measure="depth"\} \d+/);
    expect(text).toContain("launchcrew_event_streams_open");
    expect(text).toContain("process_resident_memory_bytes");
  });
});
