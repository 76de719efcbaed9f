import { data, redirect } from "react-router";
import { safeRedirectPath } from "./redirects";
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

/** Admin guard: anonymous visitors go to /login, signed-in non-admins to /unauthorized. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect(withRedirectTo("/unauthorized", request));
  return user;
}

/** Member guard (dashboard): anonymous visitors are invited to join the waitlist. */
export async function requireMember(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(withRedirectTo("/join-waitlist", request));
  return user;
}

/** Admin check for resource routes called by scripts: a status code, not a redirect. */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "Please sign in again." }, { status: 401 });
  if (!user.isAdmin) throw data({ error: "This area is for Admins Only!" }, { status: 403 });
  return user;
}
