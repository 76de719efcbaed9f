import type { I18n } from "@lingui/core";

export type MenuItem = { label: string; to: string; kind?: "logout" | "login" };

type MenuInput = { leaderboardVisible: boolean; user: { isAdmin: boolean } | null };

/** The header menu in the spec's order (§2 Layout), in the page's language. */
export function buildMenu({ leaderboardVisible, user }: MenuInput, i18n: I18n): MenuItem[] {
  const items: MenuItem[] = [
    { label: i18n._("Home"), to: "/" },
    { label: i18n._("Trailer"), to: "/trailer" },
    { label: i18n._("Join Waitlist"), to: "/join-waitlist" },
  ];
  if (leaderboardVisible) items.push({ label: i18n._("Leaderboard"), to: "/leaderboard" });
  items.push({ label: i18n._("Rewards"), to: "/rewards" }, { label: i18n._("FAQ"), to: "/faq" }, { label: i18n._("Contact"), to: "/contact" });
  if (user) {
    items.push({ label: i18n._("My Dashboard"), to: "/dashboard" });
    if (user.isAdmin) items.push({ label: i18n._("Admin Panel"), to: "/admin" });
    items.push({ label: i18n._("Logout"), to: "/logout", kind: "logout" });
  } else {
    items.push({ label: i18n._("Login"), to: "/login", kind: "login" });
  }
  return items;
}
