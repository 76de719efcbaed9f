import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

/** The Referral System screen's two tabs: the standings and the review queue. */
export function ReferralTabs({ held }: { held: number }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn("rounded-md px-3 py-1.5 text-sm font-semibold", isActive ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted");
  return (
    <nav aria-label="Referral system" className="flex gap-2 border-b pb-2">
      <NavLink to="/admin/referral-leaderboard" end className={tab}>
        Standings
      </NavLink>
      <NavLink to="/admin/referral-leaderboard/review" className={tab}>
        Review{held > 0 ? ` (${held} held)` : ""}
      </NavLink>
    </nav>
  );
}
