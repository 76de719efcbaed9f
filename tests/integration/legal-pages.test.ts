// /privacy and /terms state what the code does (issue 28): the consent age and the
// request window come from the settings the consent flow reads, and the notice's
// version moves (audited) when they change.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema";
import { db } from "~/kernel/db.server";
import { saveSiteSettings } from "~/lib/settings/settings.server";
import { loader as privacyLoader } from "~/routes/privacy";
import { loader as termsLoader } from "~/routes/terms";
import { resetDatabase } from "../db-reset";

beforeEach(resetDatabase);

type LoaderArgs = Parameters<typeof privacyLoader>[0];
const argsFor = (path: string) => ({ request: new Request(`http://localhost:3000${path}`), params: {}, context: {} }) as unknown as LoaderArgs;
const privacyFacts = () => privacyLoader(argsFor("/privacy"));
const termsFacts = () => termsLoader(argsFor("/terms") as unknown as Parameters<typeof termsLoader>[0]);

describe("the legal pages", () => {
  it("state the consent age and the request window in effect, under a notice version that changes with them", async () => {
    const before = await privacyFacts();
    expect(before).toMatchObject({ consentAge: 13, consentRequestDays: 7 });
    await saveSiteSettings({ consentAge: 16, consentRequestDays: 3 }, null);
    const after = await privacyFacts();
    expect(after).toMatchObject({ consentAge: 16, consentRequestDays: 3 });
    expect(after.noticeVersion).toBeGreaterThan(before.noticeVersion);
    expect(await termsFacts()).toMatchObject({ consentAge: 16 });
    const published = await db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_notice.published"));
    expect(published.map((row) => row.targetId)).toEqual([String(before.noticeVersion), String(after.noticeVersion)]);
    // Back to the first settings: the same words, so the same version as before.
    await saveSiteSettings({ consentAge: 13, consentRequestDays: 7 }, null);
    expect((await privacyFacts()).noticeVersion).toBe(before.noticeVersion);
  });

  it("state the retention schedule in effect: unconfirmed members' days, and the day everything goes once the studio sets it", async () => {
    const before = await privacyFacts();
    expect(before).toMatchObject({ unconfirmedMemberDays: 30, launchDate: null, monthsAfterLaunch: null, everythingDeletedOn: null });
    await saveSiteSettings({ unconfirmedMemberDays: 60, launchDate: "2027-01-31", monthsAfterLaunch: 1 }, null);
    const after = await privacyFacts();
    expect(after).toMatchObject({ unconfirmedMemberDays: 60, launchDate: "2027-01-31", monthsAfterLaunch: 1, everythingDeletedOn: "2027-02-28" });
    // A new version of the notice is published (and audited) with the schedule it states.
    const published = await db.select().from(auditEvents).where(eq(auditEvents.action, "privacy_notice.published"));
    expect(published.map((row) => row.after)).toContainEqual(expect.objectContaining({ unconfirmedMemberDays: 60, launchDate: "2027-01-31", monthsAfterLaunch: 1 }));
    expect(published.find((row) => (row.after as { launchDate?: string }).launchDate === "2027-01-31")?.targetId).toBe(String(after.noticeVersion));
  });
});
