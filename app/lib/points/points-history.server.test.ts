import { beforeEach, describe, expect, it } from "vitest";
import { pointsLedger } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { crewNameOf } from "../crew-names/crew-name";
import { db } from "../../kernel/db.server";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { confirmMemberEmail } from "../waitlist/members.server";
import { historyLine, pendingLine } from "./history-text";
import { i18nFor } from "../i18n/catalogs.server";

const en = i18nFor("en");
import { getPointsHistory, HISTORY_PAGE_SIZE } from "./points-history.server";

beforeEach(resetDatabase);

describe("points history", () => {
  it("shows a referral as pending, then as the +10 it earned once the friend confirmed", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    const comet = await joinWaitlist({ email: "comet.kid@example.com", referralCode: ada.member.referralCode });
    // Other members by crew name, never by anything of their address (ADR 0042).
    const cometName = crewNameOf(comet.member.id, 0);
    const adaName = crewNameOf(ada.member.id, 0);
    let history = await getPointsHistory(ada.member.id);
    expect(history.pending.map((entry) => pendingLine(entry, en))).toEqual([`pending — waiting for ${cometName} to confirm`]);
    expect(history.entries.map((entry) => historyLine(entry, en))).toEqual(["+10 — joined the waitlist"]);

    await confirmMemberEmail(comet.member.id);
    history = await getPointsHistory(ada.member.id);
    expect(history.pending).toEqual([]);
    expect(history.entries.map((entry) => historyLine(entry, en))).toEqual([`+10 — ${cometName} confirmed and joined your crew`, "+10 — joined the waitlist"]);
    expect((await getPointsHistory(comet.member.id)).entries.map((entry) => historyLine(entry, en))).toEqual([`+5 — joined with ${adaName}'s link`, "+10 — joined the waitlist"]);
  });

  it("pages newest first without repeating or skipping a row", async () => {
    const ada = await joinWaitlist({ email: "ada@example.com" });
    await db.insert(pointsLedger).values(Array.from({ length: 25 }, (_, index) => ({ memberId: ada.member.id, delta: index + 1, reason: "admin_adjustment" as const })));
    const first = await getPointsHistory(ada.member.id);
    expect(first.entries).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.entries[0]?.delta).toBe(25);
    const second = await getPointsHistory(ada.member.id, first.nextBefore ?? undefined);
    expect(second.nextBefore).toBeNull();
    expect([...first.entries, ...second.entries].map((entry) => entry.delta)).toEqual([...Array.from({ length: 25 }, (_, index) => 25 - index), 10]);
  });
});
