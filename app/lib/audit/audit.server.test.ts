import { beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { createApiKey, revokeApiKey } from "../api/api-keys.server";
import { db } from "../../kernel/db.server";
import { saveSiteSettings } from "../settings/settings.server";
import { changeMember } from "../waitlist/member-admin.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { listAuditEvents, streamAuditCsv } from "./audit.server";

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
});

async function csvText(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the audit log", () => {
  it("records who changed what, with the values before and after, newest first", async () => {
    await saveSiteSettings({ leaderboardVisible: false }, "admin-1");
    const nova = await joinWaitlist({ email: "captain.nova@example.com" });
    await changeMember(nova.member.id, { kind: "tags", tags: ["superfan"] }, "admin-1");
    const { key } = await createApiKey({ name: "Shop", scopes: ["members:read"] }, "admin-1");
    await revokeApiKey(key.id, "admin-1");

    const { rows } = await listAuditEvents({});
    expect(rows.map((row) => [row.action, row.actorName])).toEqual([
      ["api_key.revoked", "boss@example.com"],
      ["api_key.created", "boss@example.com"],
      ["member.tags_changed", "boss@example.com"],
      ["settings.saved", "boss@example.com"],
    ]);
    const settings = rows.find((row) => row.action === "settings.saved");
    expect(settings).toMatchObject({ targetId: "leaderboard_visible", before: {}, after: { leaderboard_visible: false } });
    expect(rows.find((row) => row.action === "member.tags_changed")).toMatchObject({ before: { tags: [] }, after: { tags: ["superfan"] } });
    expect(JSON.stringify(rows)).not.toContain("secret");
  });

  it("filters by who and what, pages by id, and exports what the filter shows as CSV", async () => {
    for (let change = 0; change < 5; change++) await saveSiteSettings({ milestoneStep: 100 + change }, "admin-1");
    await createApiKey({ name: "=HYPERLINK(evil)", scopes: ["members:read"] }, "admin-1");
    const first = await listAuditEvents({ targetType: "settings" }, 3);
    expect(first.rows).toHaveLength(3);
    const second = await listAuditEvents({ targetType: "settings", before: first.nextBefore! }, 3);
    expect(second.rows).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
    expect((await listAuditEvents({ search: "api_key" })).rows).toHaveLength(1);
    expect((await listAuditEvents({ actorKind: "system" })).rows).toHaveLength(0);

    const csv = await csvText(streamAuditCsv({ targetType: "api_key" }));
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("When (UTC),Who,Kind,Action");
    expect(lines[1]).toContain("api_key.created");
    expect(lines[1]).toContain("=HYPERLINK(evil)");
    expect(lines[1]).not.toMatch(/(^|,)=/); // no cell starts a formula in a spreadsheet
  });
});
