import { desc, sql } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { memberListColumns } from "./member-admin.server";
import { csvRow } from "../csv";
import { describeConsent } from "../consent/consent-label";
import { describeEmailStatus } from "../email/email-status-label";
import { LANGUAGE_NAMES } from "../../kernel/i18n/languages";

export const CSV_FILE_NAME = "waitlist_users.csv";
const CSV_HEADER = ["Email", "Referral Code", "Points", "Referrals Made", "Confirmed", "Blocked", "Join Date", "Tags", "Notes", "Consent", "E-mails", "Language"];
const BATCH_SIZE = 1000;


/**
 * Every member as CSV (spec §7 columns), newest first, read in keyset-paged batches so
 * memory stays flat however long the list is.
 */
export function streamMembersCsv(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // Keyset cursor; created_at travels as text so its microseconds survive the round trip.
  let cursor: { createdAt: string; id: string } | null = null;
  let isHeaderSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
        return;
      }
      const after = cursor;
      const rows = await db
        .select({ ...memberListColumns, createdAt: sql<string>`${waitlistUsers.createdAt}::text` })
        .from(waitlistUsers)
        .where(
          after
            ? sql`(${waitlistUsers.createdAt}, ${waitlistUsers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        )
        .orderBy(desc(waitlistUsers.createdAt), desc(waitlistUsers.id))
        .limit(BATCH_SIZE);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
      const chunk = rows
        .map((row) =>
          csvRow([
            row.email,
            row.referralCode,
            row.points,
            row.referralsMade,
            row.confirmedEmail ? "Yes" : "No",
            row.isBlocked ? "Yes" : "No",
            row.joinDate.toISOString(),
            row.tags.join("; "),
            row.notes,
            describeConsent(row),
            describeEmailStatus(row.emailStatus),
            LANGUAGE_NAMES[row.language],
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(chunk));
    },
  });
}
