import { inArray } from "drizzle-orm";
import { db } from "../app/kernel/db.server";
import { creditTrailerView } from "../app/lib/points/points.server";
import { seedDefaultSettings } from "../app/lib/settings/settings.server";
import { createMembers } from "../app/lib/waitlist/join/create-members.server";
import { products, users } from "./schema";
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

/**
 * The demo members, each joined (and referred, and paid) through createMembers as a
 * visitor would have been, on the day the demo says; referrers before their friends.
 */
async function seedMembers() {
  const codeOf = new Map(DEMO_MEMBERS.map((member) => [member.email, member.referralCode]));
  // The demo's crew joined before the age question existed: no consent on record, so a
  // demo winner's claim asks it first (ADR 0043).
  for (const member of DEMO_MEMBERS) {
    const [created] = await createMembers([
      {
        email: member.email,
        code: member.referralCode,
        referralCode: member.referredBy ? codeOf.get(member.referredBy) : null,
        referralCredit: "join",
        isConfirmed: member.confirmedEmail,
        tags: member.tags,
        device: member.device,
        country: member.country,
        joinedAt: new Date(Date.now() - member.joinedDaysAgo * 86_400_000),
        sendWelcome: false,
      },
    ]);
    if (created?.outcome !== "joined" && created?.outcome !== "existing") throw new Error(`seed: could not add ${member.referralCode}`);
    if (created.outcome === "joined" && member.hasViewedTrailer) await creditTrailerView(created.member.id);
  }
}

/** Demo content for a fresh database. Safe to run again: it only adds what is missing. */
export async function seedDemoContent(): Promise<void> {
  await seedAdmin();
  await seedProducts();
  await seedMembers();
  // Last: a start that finds settings takes the database as seeded (boot.server.ts).
  await seedDefaultSettings(DEMO_SETTINGS);
}

