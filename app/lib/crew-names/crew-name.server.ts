import { eq, sql } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues } from "../i18n/error-messages.server";
import { consumeRateLimits, type RateLimitRule } from "../security/rate-limit.server";
import { personRateLimitKey } from "../security/person-rate-limit.server";
import { crewNameOf } from "./crew-name";

/** Re-rolls a member may make: a few in a row to find one they like, then a pause. */
export const CREW_NAME_REROLL_LIMITS: { perHour: RateLimitRule; perDay: RateLimitRule } = {
  perHour: { limit: 5, windowSeconds: 60 * 60 },
  perDay: { limit: 10, windowSeconds: 24 * 60 * 60 },
};

/** A member's crew name; null for an unknown member. */
export async function getCrewName(memberId: string): Promise<string | null> {
  const [member] = await db.select({ roll: waitlistUsers.crewNameRoll }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
  return member ? crewNameOf(memberId, member.roll) : null;
}

/**
 * Gives the member the next crew name (the roll counts up in SQL) and returns it. Limited
 * per member (CREW_NAME_REROLL_LIMITS, counted in the database for every app process), so
 * names cannot be spun through; beyond the limit, RATE_LIMITED with when to try again.
 */
/** The dashboard's answer when new names come too fast (ICU, with the minutes), said in the page's language by userMessageIn. */
export const CREW_NAME_LIMIT_MESSAGE = /*i18n*/ "That's a lot of new names! Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.";

export async function rerollCrewName(memberId: string): Promise<string> {
  const limited = await consumeRateLimits([
    { key: personRateLimitKey("crew-name", "hour", memberId), rule: CREW_NAME_REROLL_LIMITS.perHour },
    { key: personRateLimitKey("crew-name", "day", memberId), rule: CREW_NAME_REROLL_LIMITS.perDay },
  ]);
  if (!limited.allowed) {
    throw appErrorWithValues("RATE_LIMITED", CREW_NAME_LIMIT_MESSAGE, { minutes: Math.ceil(limited.retryAfterSeconds / 60) });
  }
  const [member] = await db
    .update(waitlistUsers)
    .set({ crewNameRoll: sql`${waitlistUsers.crewNameRoll} + 1`, updatedAt: sql`now()` })
    .where(eq(waitlistUsers.id, memberId))
    .returning({ roll: waitlistUsers.crewNameRoll });
  if (!member) throw new AppError("NOT_FOUND", "We couldn't find your place on the waitlist.");
  return crewNameOf(memberId, member.roll);
}
