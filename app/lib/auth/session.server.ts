import { eq, sql } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { db } from "../db.server";
import { getSiteSetting } from "../settings/settings.server";
import { getAuth } from "./auth.server";
import { isStaffRole, type Role } from "./roles";
import { hasSessionCookie } from "./session-cookie";

export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  /** On the team (any back-office role): the header shows the way in. */
  isAdmin: boolean;
  sessionId: string;
};

/** How often a busy session's last-activity time is written (not on every request). */
const ACTIVITY_WRITE_INTERVAL_SECONDS = 60;

// The root loader and the page's loader both ask about the same request: look it up once.
const userByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null. A session idle for longer than
 * session_timeout_minutes is ended here: the browser's timer is only a courtesy.
 * `touch` records activity now (the session-activity beacon).
 */
export function getSessionUser(request: Request, { touch = false } = {}): Promise<SessionUser | null> {
  if (touch) return resolveSessionUser(request, true);
  let user = userByRequest.get(request);
  if (!user) {
    user = resolveSessionUser(request, false);
    userByRequest.set(request, user);
  }
  return user;
}

async function resolveSessionUser(request: Request, touch: boolean): Promise<SessionUser | null> {
  // Most requests on launch day are anonymous: no cookie, no lookup.
  if (!hasSessionCookie(request.headers.get("Cookie"))) return null;
  const found = await getAuth().api.getSession({ headers: request.headers });
  if (!found) return null;
  const timeoutMinutes = await getSiteSetting("sessionTimeoutMinutes");
  const [state] = await db
    .select({
      isIdle: sql<boolean>`${timeoutMinutes} > 0 and ${sessions.lastActiveAt} <= now() - make_interval(mins => ${timeoutMinutes})`,
      isStale: sql<boolean>`${sessions.lastActiveAt} <= now() - make_interval(secs => ${ACTIVITY_WRITE_INTERVAL_SECONDS})`,
    })
    .from(sessions)
    .where(eq(sessions.id, found.session.id));
  if (!state) return null;
  if (state.isIdle) {
    await db.delete(sessions).where(eq(sessions.id, found.session.id));
    return null;
  }
  if (touch || state.isStale) {
    await db.update(sessions).set({ lastActiveAt: sql`now()` }).where(eq(sessions.id, found.session.id));
  }
  const stored = (found.user as { role?: unknown }).role;
  const role: Role = isStaffRole(stored) ? stored : "member";
  return { id: found.user.id, email: found.user.email, role, isAdmin: isStaffRole(role), sessionId: found.session.id };
}
