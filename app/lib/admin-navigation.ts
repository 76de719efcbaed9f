export type AdminSection = { path: string; label: string };

/** The admin children of the spec's route table, in sidebar order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: "overview", label: "Overview" },
  { path: "products", label: "Products" },
  { path: "video-manager", label: "Video Management" },
  { path: "social-share", label: "Social Share Settings" },
  { path: "waitlist-emails", label: "Waitlist Emails" },
  { path: "referral-leaderboard", label: "Referral System & Leaderboard" },
  { path: "text-editor", label: "Text & HTML Content" },
  { path: "welcome-email-editor", label: "Welcome Email Editor" },
  { path: "reports-analytics", label: "Reports & Analytics" },
  { path: "settings", label: "Site Settings" },
];
