import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, webhookEndpoints } from "../../db/schema";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { action, loader } from "~/routes/admin/developers";

type Args = Parameters<typeof loader>[0];
type ActionAnswer = { ok: boolean; value?: { webhookSecret?: string; endpointId?: string } };

const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  cookie = await signInAs("admin@example.com"); // ADMIN_EMAILS in local mode: the team's owner
});

async function post(fields: Record<string, string>): Promise<{ status: number; answer: ActionAnswer }> {
  const request = requestWithCookie("/admin/developers", cookie, { method: "POST", body: new URLSearchParams(fields) });
  const result = (await action({ request, params: {}, context } as unknown as Args)) as { data: ActionAnswer; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, answer: result.data };
}

async function loaderData() {
  return loader({ request: requestWithCookie("/admin/developers", cookie), params: {}, context } as unknown as Args);
}

async function addEndpoint(): Promise<{ id: string; secret: string }> {
  const { answer } = await post({ intent: "add-endpoint", url: "https://hooks.example.com/launchcrew", description: "CRM", events: "member.joined" });
  expect(answer.ok).toBe(true);
  return { id: answer.value!.endpointId!, secret: answer.value!.webhookSecret! };
}

describe("Admin → Developers: webhook signing secrets", () => {
  it("shows the secret once at creation and never puts it in the page's data", async () => {
    const created = await addEndpoint();
    expect(created.secret).toMatch(/^whsec_/);
    const data = await loaderData();
    expect(data.endpoints).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(created.secret);
    expect(JSON.stringify(data)).not.toContain("whsec_");
  });

  it("reveals the secret on request and records who looked", async () => {
    const created = await addEndpoint();
    const { answer } = await post({ intent: "reveal-secret", id: created.id });
    expect(answer.value).toEqual({ webhookSecret: created.secret, endpointId: created.id });
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, "webhook_endpoint.secret_revealed"));
    expect(audited).toMatchObject([{ actorKind: "admin", actorName: "admin@example.com", targetId: created.id }]);
    expect(JSON.stringify(audited)).not.toContain(created.secret);
  });

  it("rotates the secret: a new one, shown once, signs from then on, and the change is audited", async () => {
    const created = await addEndpoint();
    const { answer } = await post({ intent: "rotate-secret", id: created.id });
    const rotated = answer.value!.webhookSecret!;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(created.secret);
    const [stored] = await db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(stored?.secret).toBe(rotated);
    // A receiver holding the new secret verifies what is signed with the stored one.
    const signedAt = new Date();
    const signature = new Webhook(stored!.secret).sign("msg_1", signedAt, "{}");
    expect(() => new Webhook(rotated).verify("{}", { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)), "webhook-signature": signature })).not.toThrow();
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, "webhook_endpoint.secret_rotated"));
    expect(audited).toMatchObject([{ actorKind: "admin", actorName: "admin@example.com", targetId: created.id }]);
    expect(JSON.stringify(await loaderData())).not.toContain(rotated);
  });

  it("answers 404 with a message for an endpoint that is gone", async () => {
    const { status, answer } = await post({ intent: "reveal-secret", id: "00000000-0000-4000-8000-000000000000" });
    expect(status).toBe(404);
    expect(answer).toMatchObject({ ok: false, toast: { title: "Reveal Failed", description: "Could not show the signing secret. This endpoint no longer exists." } });
  });
});

describe("Admin → Developers: API key expiry", () => {
  it("creates a key that expires after the chosen days, lists the expiry, and refuses a choice not offered", async () => {
    const { answer } = await post({ intent: "create", name: "Quarterly export", scopes: "members:read", expiresIn: "90" });
    expect(answer.ok).toBe(true);
    await post({ intent: "create", name: "Shop", scopes: "members:read" }); // no choice: never expires
    const { keys } = await loaderData();
    const quarterly = keys.find((key) => key.name === "Quarterly export")!;
    expect(new Date(quarterly.expiresAt!).getTime() - Date.now()).toBeGreaterThan(89.9 * 24 * 3600 * 1000);
    expect(quarterly.isExpired).toBe(false);
    expect(keys.find((key) => key.name === "Shop")).toMatchObject({ expiresAt: null, isExpired: false });

    const refused = await post({ intent: "create", name: "Weekly", scopes: "members:read", expiresIn: "7" });
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ ok: false, toast: { title: "Creation Failed" } });
  });
});
