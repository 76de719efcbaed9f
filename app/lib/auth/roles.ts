import type { AdminSectionPath } from "../admin/navigation";

// Team roles (issue 14). `member` is a crew member (the dashboard); the other four work in
// the back office. Shared by the server's checks and the navigation, which hides what a
// role cannot open.
export const STAFF_ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = "member" | StaffRole;

export const ROLE_LABEL: Record<StaffRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };
export const ROLE_SUMMARY: Record<StaffRole, string> = {
  owner: "Everything, including other owners",
  admin: "Everything but owners: members, settings, developers, team",
  editor: "Content, products, video, social sharing and the welcome e-mail",
  viewer: "Reads the back office and reports; changes nothing",
};

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

type Access = { view: readonly StaffRole[]; edit: readonly StaffRole[] };
const MANAGERS = ["owner", "admin"] as const;
const EVERYONE = STAFF_ROLES;
const CONTENT: Access = { view: EVERYONE, edit: ["owner", "admin", "editor"] };
const MEMBER_DATA: Access = { view: ["owner", "admin", "viewer"], edit: MANAGERS };

/** Who may open each screen (its loader) and who may change things on it (its actions). */
export const SECTION_ACCESS: Record<AdminSectionPath, Access> = {
  // Overview and the audit log have nothing to change; "edit" there only decides who sees the read-only note.
  overview: CONTENT,
  products: CONTENT,
  "video-manager": CONTENT,
  "social-share": CONTENT,
  "text-editor": CONTENT,
  "welcome-email-editor": CONTENT,
  "waitlist-emails": MEMBER_DATA,
  "referral-leaderboard": MEMBER_DATA,
  seasons: MEMBER_DATA,
  // Like the members they choose: owners, admins and viewers look; owners and admins invite (ADR 0049) and send.
  launch: MEMBER_DATA,
  // Owners, admins and viewers see what went out; owners and admins write to the list (ADR 0050).
  broadcasts: MEMBER_DATA,
  "reports-analytics": MEMBER_DATA,
  settings: MEMBER_DATA,
  team: MEMBER_DATA,
  developers: { view: MANAGERS, edit: MANAGERS },
  "audit-log": MEMBER_DATA,
};

export type AccessMode = "view" | "edit";

export function canAccess(role: Role | null | undefined, section: AdminSectionPath, mode: AccessMode = "view"): boolean {
  return isStaffRole(role) && SECTION_ACCESS[section][mode].includes(role);
}

/** Roles a manager may give or take away: only owners touch owners. */
export function assignableRoles(by: Role): StaffRole[] {
  if (by === "owner") return [...STAFF_ROLES];
  if (by === "admin") return ["admin", "editor", "viewer"];
  return [];
}

/**
 * Rehearsal mode (ADR 0051) is the owners' to start and end: while on, no e-mail leaves and
 * real webhook consumers hear nothing. Everyone on the team sees that it is on.
 */
export function canRunRehearsal(role: Role | null | undefined): boolean {
  return role === "owner";
}

/**
 * The back office's mailbox holds members' messages in full (issue 37): owners and admins
 * only — those who may change Waitlist Users — never the read-only Viewer.
 */
export const REHEARSAL_MAILBOX_SECTION = "waitlist-emails" satisfies AdminSectionPath;
export const REHEARSAL_MAILBOX_MODE = "edit" satisfies AccessMode;

export function canReadRehearsalMailbox(role: Role | null | undefined): boolean {
  return canAccess(role, REHEARSAL_MAILBOX_SECTION, REHEARSAL_MAILBOX_MODE);
}
