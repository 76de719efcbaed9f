import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { saveSiteSettings } from "../settings/settings.server";
import { currentPrivacyNotice, PRIVACY_NOTICE_EDITION, SPANISH_NOTICE_EDITION } from "./privacy-notice.server";

beforeEach(resetDatabase);

describe("privacy notice versions per language (ADR 0054)", () => {
  it("records the Spanish notice as a version of its own, leaving the English one as it was", async () => {
    const english = await currentPrivacyNotice();
    const spanish = await currentPrivacyNotice("es");
    expect(spanish.version).not.toBe(english.version);
    expect(english.facts).not.toHaveProperty("language");
    expect(spanish.facts).toMatchObject({ edition: PRIVACY_NOTICE_EDITION, language: "es", translation: SPANISH_NOTICE_EDITION, consentAge: english.facts.consentAge });
    // Shown again, each is the same version.
    expect((await currentPrivacyNotice("es")).version).toBe(spanish.version);
    expect((await currentPrivacyNotice("en")).version).toBe(english.version);
  });

  it("makes a new version in each language when a setting the notice states changes", async () => {
    await saveSiteSettings({ consentAge: 16 }, null);
    const after = [await currentPrivacyNotice("en"), await currentPrivacyNotice("es")];
    expect(after[0]!.version).not.toBe(after[1]!.version);
    expect(after.map((notice) => notice.facts.consentAge)).toEqual([16, 16]);
    const rows = await db.execute<{ facts: string }>(sql`select facts from privacy_notice_versions order by version`);
    expect(rows.rows.map((row) => JSON.parse(row.facts) as { language?: string; consentAge: number }).map((facts) => [facts.language ?? "en", facts.consentAge])).toEqual([
      ["en", 16],
      ["es", 16],
    ]);
  });
});
