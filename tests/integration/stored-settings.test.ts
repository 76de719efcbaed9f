import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-reset";
import { requestWithCookie, signInAs } from "../auth-helpers";
import { db } from "~/kernel/db.server";
import { forgetCachedSettings } from "~/lib/settings/settings.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/dashboard";

const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
type Loader = (args: { request: Request; params: Record<string, string>; context: typeof context }) => Promise<unknown>;

let memberCookie = "";

beforeAll(async () => {
  await resetDatabase();
  memberCookie = await signInAs("crew.member@example.com");
});

describe("a session timeout written past the form", () => {
  it.each([9_999_999_999, "9999999999", 10_081, -1, "1e9"])("stored as %j, signed-in pages load with the default 30 minutes", async (stored) => {
    await db.execute(sql`
      insert into site_settings (key, value) values ('session_timeout_minutes', ${JSON.stringify(stored)}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetCachedSettings(); // written past the app, as a migration or psql would
    const root = (await (rootLoader as unknown as Loader)({ request: requestWithCookie("/dashboard", memberCookie), params: {}, context })) as {
      data: { settings: { sessionTimeoutMinutes: number }; user: { email: string } | null };
    };
    expect(root.data.user?.email).toBe("crew.member@example.com");
    expect(root.data.settings.sessionTimeoutMinutes).toBe(30);
    await expect((dashboardLoader as unknown as Loader)({ request: requestWithCookie("/dashboard", memberCookie), params: {}, context })).resolves.toBeDefined();
  });
});
