import { sql } from "drizzle-orm";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { emailIdentity } from "../waitlist/email-identity";
import { MAX_PASTED_ADDRESSES, pastedAddresses } from "./launch.schema";

export type ResolvedList = { memberIds: string[]; addresses: number; unknown: number };

/**
 * A pasted list of addresses as member ids (one person, one member: matched by the
 * address's identity). Addresses that are not members are counted, never shown back.
 */
export async function resolveMemberAddresses(text: string): Promise<ResolvedList> {
  const addresses = pastedAddresses(text);
  if (addresses.length === 0) throw new AppError("INVALID_INPUT", "Paste the e-mail addresses to invite.");
  if (addresses.length > MAX_PASTED_ADDRESSES) {
    throw new AppError("INVALID_INPUT", `Paste at most ${MAX_PASTED_ADDRESSES.toLocaleString("en-US")} addresses. For more, import them with a tag and invite the tag.`);
  }
  const identities = [...new Set(addresses.map(emailIdentity))];
  const result = await db.execute<{ id: string }>(sql`
    select id from waitlist_users where email_identity = any(string_to_array(${identities.join(",")}, ','))`);
  const memberIds = result.rows.map((row) => row.id);
  if (memberIds.length === 0) throw new AppError("INVALID_INPUT", "None of these addresses is a crew member.");
  return { memberIds, addresses: addresses.length, unknown: identities.length - memberIds.length };
}
