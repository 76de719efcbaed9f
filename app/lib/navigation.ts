export type MenuItem = { label: string; to: string; kind?: "logout" | "login" };

type MenuInput = { leaderboardVisible: boolean; user: { isAdmin: boolean } | null };

/** The header menu in the spec's order (§2 Layout). */
export function buildMenu({ leaderboardVisible, user }: MenuInput): MenuItem[] {
  const items: MenuItem[] = [
    { label: "Home", to: "/" },
    { label: "Trailer", to: "/trailer" },
    { label: "Join Waitlist", to: "/join-waitlist" },
  ];
  if (leaderboardVisible) items.push({ label: "Leaderboard", to: "/leaderboard" });
  items.push({ label: "Rewards", to: "/rewards" }, { label: "FAQ", to: "/faq" }, { label: "Contact", to: "/contact" });
  if (user) {
    items.push({ label: "My Dashboard", to: "/dashboard" });
    if (user.isAdmin) items.push({ label: "Admin Panel", to: "/admin" });
    items.push({ label: "Logout", to: "/logout", kind: "logout" });
  } else {
    items.push({ label: "Login", to: "/login", kind: "login" });
  }
  return items;
}
