import { eq, inArray, sql } from "drizzle-orm";
import { db } from "../app/lib/db.server";
import { REFERRAL_BONUS_POINTS, REFERRER_POINTS, SIGNUP_POINTS, TRAILER_VIEW_POINTS } from "../app/lib/points/points-rules";
import { seedDefaultSettings } from "../app/lib/settings/settings.server";
import { emailIdentity } from "../app/lib/waitlist/email-identity";
import { pointsLedger, products, referrals, users, waitlistUsers } from "./schema";
import { DEMO_MEMBERS, DEMO_PRODUCTS, DEMO_SETTINGS, SEEDED_ADMIN_EMAIL } from "../tests/factories";

async function seedAdmin() {
  await db
    .insert(users)
    .values({ id: "seed-admin", name: "Studio Admin", email: SEEDED_ADMIN_EMAIL, emailVerified: true, role: "admin" })
    .onConflictDoNothing();
}

async function seedProducts() {
  const names = DEMO_PRODUCTS.map((product) => product.name);
  const existing = await db.select({ name: products.name }).from(products).where(inArray(products.name, names));
  const existingNames = new Set(existing.map((row) => row.name));
  const missing = DEMO_PRODUCTS.filter((product) => !existingNames.has(product.name));
  // Oldest first, so the list (newest first) matches the order they are declared in.
  for (const [index, product] of missing.entries()) {
    const at = new Date(Date.now() - (missing.length - index) * 60_000);
    await db.insert(products).values({ ...product, createdAt: at, updatedAt: at });
  }
}

/** Members and their referrals, with a ledger row for every point, in one transaction. */
async function seedMembers() {
  await db.transaction(async (tx) => {
    for (const member of DEMO_MEMBERS) {
      const [existing] = await tx.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.email, member.email));
      if (existing) continue;
      const referrer = member.referredBy
        ? (await tx.select().from(waitlistUsers).where(eq(waitlistUsers.email, member.referredBy)))[0]
        : undefined;
      const joinedAt = new Date(Date.now() - member.joinedDaysAgo * 86_400_000);
      const points = SIGNUP_POINTS + (referrer ? REFERRAL_BONUS_POINTS : 0) + (member.hasViewedTrailer ? TRAILER_VIEW_POINTS : 0);
      const [created] = await tx
        .insert(waitlistUsers)
        .values({
          email: member.email,
          emailIdentity: emailIdentity(member.email),
          referralCode: member.referralCode,
          points,
          confirmedEmail: member.confirmedEmail,
          confirmedAt: member.confirmedEmail ? joinedAt : null,
          hasViewedTrailer: member.hasViewedTrailer,
          referredByUserId: referrer?.id ?? null,
          tags: member.tags,
          signupDevice: member.device,
          signupCountry: member.country,
          joinDate: joinedAt,
          createdAt: joinedAt,
          updatedAt: joinedAt,
        })
        .returning({ id: waitlistUsers.id });
      if (!created) throw new Error(`seed: could not insert ${member.referralCode}`);
      const ledger: (typeof pointsLedger.$inferInsert)[] = [
        { memberId: created.id, delta: SIGNUP_POINTS, reason: "signup", createdAt: joinedAt },
      ];
      if (referrer) {
        ledger.push({ memberId: created.id, delta: REFERRAL_BONUS_POINTS, reason: "referral_bonus", relatedMemberId: referrer.id, createdAt: joinedAt });
        ledger.push({ memberId: referrer.id, delta: REFERRER_POINTS, reason: "referral_credit", relatedMemberId: created.id, createdAt: joinedAt });
        await tx
          .update(waitlistUsers)
          .set({ points: sql`${waitlistUsers.points} + ${REFERRER_POINTS}`, referralsMade: sql`${waitlistUsers.referralsMade} + 1` })
          .where(eq(waitlistUsers.id, referrer.id));
        await tx.insert(referrals).values({ referrerId: referrer.id, referredId: created.id, status: "credited", createdAt: joinedAt, decidedAt: joinedAt });
      }
      if (member.hasViewedTrailer) ledger.push({ memberId: created.id, delta: TRAILER_VIEW_POINTS, reason: "trailer_view", createdAt: joinedAt });
      await tx.insert(pointsLedger).values(ledger);
    }
  });
}

/** Demo content for a fresh database. Safe to run again: it only adds what is missing. */
export async function seedDemoContent(): Promise<void> {
  await seedAdmin();
  await seedDefaultSettings(DEMO_SETTINGS);
  await seedProducts();
  await seedMembers();
}

