import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../../tests/db-reset";
import { isAppError } from "../../kernel/errors";
import { listLeaderboard } from "../leaderboard/leaderboard.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { crewNameOf } from "./crew-name";
import { CREW_NAME_REROLL_LIMITS, getCrewName, rerollCrewName } from "./crew-name.server";

beforeEach(resetDatabase);

describe("re-rolling a crew name", () => {
  it("gives the member the next name, which the leaderboard then shows", async () => {
    const { member } = await joinWaitlist({ email: "zorblax.quintessa2014@example.com" });
    expect(await getCrewName(member.id)).toBe(crewNameOf(member.id, 0));
    const next = await rerollCrewName(member.id);
    expect(next).toBe(crewNameOf(member.id, 1));
    expect(await getCrewName(member.id)).toBe(next);
    expect((await listLeaderboard()).find((row) => row.memberId === member.id)?.nickname).toBe(next);
  });

  it("is limited per member, so names cannot be spun through; other members are not held up", async () => {
    const { member } = await joinWaitlist({ email: "spinner@example.com" });
    for (let i = 0; i < CREW_NAME_REROLL_LIMITS.perHour.limit; i += 1) await rerollCrewName(member.id);
    const refused = await rerollCrewName(member.id).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("RATE_LIMITED");
    expect(await getCrewName(member.id)).toBe(crewNameOf(member.id, CREW_NAME_REROLL_LIMITS.perHour.limit));
    const { member: other } = await joinWaitlist({ email: "patient@example.com" });
    expect(await rerollCrewName(other.id)).toBe(crewNameOf(other.id, 1));
  });

  it("refuses an unknown member", async () => {
    const refused = await rerollCrewName("00000000-0000-4000-8000-000000000000").catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("NOT_FOUND");
  });
});
