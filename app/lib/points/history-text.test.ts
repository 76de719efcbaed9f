import { describe, expect, it } from "vitest";
import { historyLine, pendingLine } from "./history-text";
import { i18nFor } from "../i18n/catalogs.server";

const en = i18nFor("en");

const entry = { id: 1, other: null, at: "2026-11-24T00:00:00Z" };

describe("points history in plain words", () => {
  it("says what each change was for", () => {
    expect(historyLine({ ...entry, delta: 10, reason: "referral_credit", other: "comet.kid" }, en)).toBe("+10 — comet.kid joined your crew");
    expect(historyLine({ ...entry, delta: 10, reason: "referral_credit", other: "comet.kid", otherConfirmed: true }, en)).toBe(
      "+10 — comet.kid confirmed and joined your crew",
    );
    expect(historyLine({ ...entry, delta: 5, reason: "trailer_view" }, en)).toBe("+5 — watched the trailer");
    expect(historyLine({ ...entry, delta: 10, reason: "signup" }, en)).toBe("+10 — joined the waitlist");
    expect(historyLine({ ...entry, delta: 5, reason: "referral_bonus", other: "ada" }, en)).toBe("+5 — joined with ada's link");
    expect(historyLine({ ...entry, delta: -35, reason: "admin_reset" }, en)).toBe("−35 — points reset by the crew");
    expect(historyLine({ ...entry, delta: 10, reason: "referral_credit" }, en)).toBe("+10 — a former crew member joined your crew");
    expect(pendingLine({ friend: "orbit.otter", since: entry.at }, en)).toBe("pending — waiting for orbit.otter to confirm");
  });
});
