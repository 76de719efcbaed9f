export type AdminSection = { path: string; label: string; isBuilt: boolean };

/** The admin children of the spec's route table, in sidebar order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: "overview", label: "Overview", isBuilt: true },
  { path: "products", label: "Products", isBuilt: true },
  { path: "video-manager", label: "Video Management", isBuilt: true },
  { path: "social-share", label: "Social Share Settings", isBuilt: true },
  { path: "waitlist-emails", label: "Waitlist Emails", isBuilt: false },
  { path: "referral-leaderboard", label: "Referral System & Leaderboard", isBuilt: false },
  { path: "text-editor", label: "Text & HTML Content", isBuilt: false },
  { path: "welcome-email-editor", label: "Welcome Email Editor", isBuilt: false },
  { path: "reports-analytics", label: "Reports & Analytics", isBuilt: false },
  { path: "settings", label: "Site Settings", isBuilt: true },
];
