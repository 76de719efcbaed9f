import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, users } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import type { Role } from "../auth/roles";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { ALREADY_ON_TEAM_MESSAGE, changeTeamRole, inviteTeamMember, LAST_OWNER_MESSAGE, listTeam, NOT_YOURS_MESSAGE, OWN_ROLE_MESSAGE, removeTeamMember } from "./team.server";

async function person(id: string, role: Role) {
  await db.insert(users).values({ id, name: id, email: `${id}@example.com`, role });
  return { id, role };
}

async function refusal(promise: Promise<unknown>): Promise<[number, string] | "done"> {
  try {
    await promise;
    return "done";
  } catch (error) {
    if (isAppError(error)) return [error.status, error.userMessage];
    throw error;
  }
}

const roleOf = async (id: string) => (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

beforeEach(async () => {
  await resetDatabase();
});

describe("the team", () => {
  it("invites a new address with a role: an account, an e-mail telling them how to sign in, an audit row", async () => {
    const owner = await person("olive", "owner");
    const added = await inviteTeamMember({ email: " New.Editor@Example.com ", role: "editor" }, owner);
    expect(added).toMatchObject({ email: "new.editor@example.com", role: "editor" });
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, "new.editor@example.com"), eq(emailOutbox.kind, "team_invite")));
    expect(mail?.text).toMatch(/as Editor/);
    expect(mail?.text).toMatch(/\/login/);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "team.invited"));
    expect(audit).toMatchObject({ actorName: "olive@example.com", targetId: added.id, after: { email: "new.editor@example.com", role: "editor" } });
    expect((await listTeam()).map((member) => [member.email, member.role])).toEqual([
      ["olive@example.com", "owner"],
      ["new.editor@example.com", "editor"],
    ]);
  });

  it("gives a crew member's existing account the role, and refuses someone already on the team", async () => {
    const owner = await person("olive", "owner");
    await person("kid", "member");
    await inviteTeamMember({ email: "kid@example.com", role: "viewer" }, owner);
    expect(await roleOf("kid")).toBe("viewer");
    expect(await refusal(inviteTeamMember({ email: "kid@example.com", role: "admin" }, owner))).toEqual([409, ALREADY_ON_TEAM_MESSAGE]);
  });

  it("lets only owners give or take away the Owner role", async () => {
    const admin = await person("ada", "admin");
    await person("olive", "owner");
    await person("ed", "editor");
    expect(await refusal(inviteTeamMember({ email: "boss@example.com", role: "owner" }, admin))).toEqual([403, NOT_YOURS_MESSAGE]);
    expect(await refusal(changeTeamRole("ed", "owner", admin))).toEqual([403, NOT_YOURS_MESSAGE]);
    expect(await refusal(changeTeamRole("olive", "viewer", admin))).toEqual([403, NOT_YOURS_MESSAGE]);
    expect(await refusal(removeTeamMember("olive", admin))).toEqual([403, NOT_YOURS_MESSAGE]);
    expect(await refusal(changeTeamRole("ed", "viewer", admin))).toBe("done");
    expect(await roleOf("ed")).toBe("viewer");
  });

  it("never leaves the team without an owner, even when two owners demote each other at once", async () => {
    const first = await person("olive", "owner");
    const second = await person("oscar", "owner");
    const results = await Promise.all([refusal(changeTeamRole("oscar", "admin", first)), refusal(changeTeamRole("olive", "admin", second))]);
    expect(results.filter((result) => result === "done")).toHaveLength(1);
    expect(results).toContainEqual([409, LAST_OWNER_MESSAGE]);
    expect((await listTeam()).filter((member) => member.role === "owner")).toHaveLength(1);
  });

  it("refuses changing one's own role, and removal keeps the crew account", async () => {
    const owner = await person("olive", "owner");
    await person("vic", "viewer");
    expect(await refusal(changeTeamRole("olive", "admin", owner))).toEqual([403, OWN_ROLE_MESSAGE]);
    await removeTeamMember("vic", owner);
    expect(await roleOf("vic")).toBe("member");
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "team.removed"));
    expect(audit).toMatchObject({ before: { role: "viewer" }, after: { role: "member" } });
  });
});
