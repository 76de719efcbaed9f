import { describe, expect, it } from "vitest";
import { ageBandOf, checkBirthMonth } from "./age";
import { BIRTH_DATE_IMPOSSIBLE, BIRTH_DATE_MESSAGE } from "./age-messages";

const now = new Date("2026-11-26T12:00:00Z");

describe("the neutral age question", () => {
  it("reads a month and a year typed or picked", () => {
    expect(checkBirthMonth("3", "2010", now)).toEqual({ ok: true, birth: { month: 3, year: 2010 } });
    expect(checkBirthMonth(" 12 ", 1990, now)).toEqual({ ok: true, birth: { month: 12, year: 1990 } });
  });

  it("refuses what is not a date of birth, with a clear message", () => {
    expect(checkBirthMonth("", "2010", now)).toEqual({ ok: false, message: BIRTH_DATE_MESSAGE });
    expect(checkBirthMonth("3", "twenty ten", now)).toEqual({ ok: false, message: BIRTH_DATE_MESSAGE });
    expect(checkBirthMonth("3", "1e3", now)).toEqual({ ok: false, message: BIRTH_DATE_MESSAGE });
    expect(checkBirthMonth("3", "99999999999", now)).toEqual({ ok: false, message: BIRTH_DATE_MESSAGE });
    expect(checkBirthMonth("13", "2010", now)).toEqual({ ok: false, message: BIRTH_DATE_IMPOSSIBLE });
    expect(checkBirthMonth("0", "2010", now)).toEqual({ ok: false, message: BIRTH_DATE_IMPOSSIBLE });
    expect(checkBirthMonth("12", "2026", now)).toEqual({ ok: false, message: BIRTH_DATE_IMPOSSIBLE });
    expect(checkBirthMonth("1", "2030", now)).toEqual({ ok: false, message: BIRTH_DATE_IMPOSSIBLE });
    expect(checkBirthMonth("1", "1905", now)).toEqual({ ok: false, message: BIRTH_DATE_IMPOSSIBLE });
  });

  it("puts someone who may not have had this year's birthday in the younger band", () => {
    // 13 in October 2026: old enough.
    expect(ageBandOf({ month: 10, year: 2013 }, 13, now)).toBe("consent_age_or_over");
    // Born November 2013: 13 this month, perhaps not yet.
    expect(ageBandOf({ month: 11, year: 2013 }, 13, now)).toBe("under_consent_age");
    expect(ageBandOf({ month: 12, year: 2013 }, 13, now)).toBe("under_consent_age");
    expect(ageBandOf({ month: 1, year: 1990 }, 16, now)).toBe("consent_age_or_over");
    expect(ageBandOf({ month: 6, year: 2012 }, 16, now)).toBe("under_consent_age");
  });
});
