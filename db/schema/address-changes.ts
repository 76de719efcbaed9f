import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { waitlistUsers } from "./waitlist";

// A member's request to change their contact address (issue 29), waiting for the link
// sent to the new address. Single-use (confirming deletes it), expiring, and gone with the
// membership; the new address is kept here rather than in the link, so it never appears
// in a URL or a request log.
export const addressChanges = pgTable(
  "address_changes",
  {
    /** SHA-256 of the link's token; the token itself is not kept. */
    tokenHash: text("token_hash").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => waitlistUsers.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("address_changes_new_email_normalised", sql`${t.newEmail} = lower(btrim(${t.newEmail})) and ${t.newEmail} <> ''`),
    check("address_changes_expiry_after_request", sql`${t.expiresAt} > ${t.requestedAt}`),
    index("address_changes_member_id_idx").on(t.memberId),
    index("address_changes_expires_at_idx").on(t.expiresAt),
  ],
);
