import {
  BarChart3,
  DoorOpen,
  FileText,
  Code,
  ScrollText,
  Film,
  LayoutDashboard,
  Mail,
  Medal,
  Megaphone,
  Package,
  Settings,
  Share2,
  Trophy,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";

/** One back-office screen: its route module is app/routes/admin/{path}.tsx. */
export type AdminSection = { path: AdminSectionPath; label: string; icon: LucideIcon };
export type AdminSectionPath =
  | "overview"
  | "products"
  | "video-manager"
  | "social-share"
  | "waitlist-emails"
  | "referral-leaderboard"
  | "seasons"
  | "launch"
  | "broadcasts"
  | "text-editor"
  | "welcome-email-editor"
  | "reports-analytics"
  | "settings"
  | "team"
  | "developers"
  | "audit-log";

/**
 * The admin children of the spec's route table, in sidebar order. app/routes.ts builds
 * the admin routes from this list: a new screen is one route module and one entry here.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: "overview", label: "Overview", icon: LayoutDashboard },
  { path: "products", label: "Products", icon: Package },
  { path: "video-manager", label: "Video Management", icon: Film },
  { path: "social-share", label: "Social Share Settings", icon: Share2 },
  { path: "waitlist-emails", label: "Waitlist Emails", icon: Users },
  { path: "referral-leaderboard", label: "Referral System & Leaderboard", icon: Trophy },
  { path: "seasons", label: "Seasons", icon: Medal },
  { path: "launch", label: "Launch", icon: DoorOpen },
  { path: "broadcasts", label: "Broadcasts", icon: Megaphone },
  { path: "text-editor", label: "Text & HTML Content", icon: FileText },
  { path: "welcome-email-editor", label: "Welcome Email Editor", icon: Mail },
  { path: "reports-analytics", label: "Reports & Analytics", icon: BarChart3 },
  { path: "settings", label: "Site Settings", icon: Settings },
  { path: "team", label: "Team", icon: UserCog },
  { path: "developers", label: "Developers", icon: Code },
  { path: "audit-log", label: "Audit Log", icon: ScrollText },
];
