import { data, redirect } from "react-router";
import type { AdminSectionPath } from "../admin/navigation";
import { getSiteSetting } from "../settings/settings.server";
import { safeRedirectPath } from "./redirects";
import { canAccess, isStaffRole, type AccessMode } from "./roles";
import { getSessionUser, type SessionUser } from "./session.server";

function originatingPath(request: Request): string {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`, "/");
}

function withRedirectTo(path: string, request: Request): string {
  return `${path}?${new URLSearchParams({ redirectTo: originatingPath(request) })}`;
}

/** Signed-in crew member, else the login page (returning here afterwards). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(withRedirectTo("/login", request));
  return user;
}

/** "export" is viewing plus a CSV download, which the Viewer role gets only when the team allows it. */
export type StaffAccess = AccessMode | "export";

async function isAllowed(user: SessionUser, section: AdminSectionPath | undefined, mode: StaffAccess): Promise<boolean> {
  if (!section) return isStaffRole(user.role);
  if (mode !== "export") return canAccess(user.role, section, mode);
  if (!canAccess(user.role, section, "view")) return false;
  return mayExport(user);
}

/** Whether this person may download the CSV exports of a screen they can open. */
export async function mayExport(user: SessionUser): Promise<boolean> {
  return user.role !== "viewer" || (await getSiteSetting("viewersMayExport"));
}

/**
 * Back-office guard: anonymous visitors go to /login, signed-in people whose role may not
 * open this screen (or, for an action, change things on it) to /unauthorized. Without a
 * section: anyone on the team (the back office's layout).
 */
export async function requireStaff(request: Request, section?: AdminSectionPath, mode: StaffAccess = "view"): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await isAllowed(user, section, mode))) throw redirect(withRedirectTo("/unauthorized", request));
  return user;
}

/** Member guard (dashboard): anonymous visitors are invited to join the waitlist. */
export async function requireMember(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(withRedirectTo("/join-waitlist", request));
  return user;
}

/** The same check for resource routes called by scripts: a status code, not a redirect. */
export async function requireStaffApi(request: Request, section: AdminSectionPath, mode: StaffAccess = "view"): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "Please sign in again." }, { status: 401 });
  if (!(await isAllowed(user, section, mode))) throw data({ error: "This area is for Admins Only!" }, { status: 403 });
  return user;
}
