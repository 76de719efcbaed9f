import { desc } from "drizzle-orm";
import { products, waitlistUsers } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { getSiteSetting } from "../settings/settings.server";
import { nicknameOf } from "../waitlist/email";
import { getReportStats } from "./reports.server";

export type OverviewCounts = { totalWaitlistUsers: number; videosManaged: number; productsListed: number };

export async function getOverviewCounts(): Promise<OverviewCounts> {
  const [stats, videoUrl] = await Promise.all([getReportStats(), getSiteSetting("homepageVideoUrl")]);
  return {
    totalWaitlistUsers: stats.totalMembers,
    // The site manages one video: the homepage trailer.
    videosManaged: videoUrl ? 1 : 0,
    productsListed: stats.totalProducts,
  };
}

export type ActivityEntry = { kind: "member" | "product"; id: string; label: string; at: Date; href: string };

export const ACTIVITY_MEMBERS = 3;
export const ACTIVITY_PRODUCTS = 2;
export const ACTIVITY_NAME_LENGTH = 20;

/** The 3 latest-updated members and 2 latest-updated products, newest first (spec §2 Overview). */
export async function listRecentActivity(): Promise<ActivityEntry[]> {
  const [members, latestProducts] = await Promise.all([
    db
      .select({ id: waitlistUsers.id, email: waitlistUsers.email, updatedAt: waitlistUsers.updatedAt })
      .from(waitlistUsers)
      .orderBy(desc(waitlistUsers.updatedAt))
      .limit(ACTIVITY_MEMBERS),
    db
      .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(desc(products.updatedAt))
      .limit(ACTIVITY_PRODUCTS),
  ]);
  const entries: ActivityEntry[] = [
    ...members.map((member) => ({
      kind: "member" as const,
      id: member.id,
      label: `${nicknameOf(member.email)} updated`,
      at: member.updatedAt,
      href: "/admin/waitlist-emails",
    })),
    ...latestProducts.map((product) => ({
      kind: "product" as const,
      id: product.id,
      label: product.name.slice(0, ACTIVITY_NAME_LENGTH),
      at: product.updatedAt,
      href: "/admin/products",
    })),
  ];
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime());
}
