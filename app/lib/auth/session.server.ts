import { eq, sql } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { db } from "../../kernel/db.server";
import { serverNow } from "../dev/test-clock.server";
import { getSiteSetting } from "../settings/settings.server";
import { getAuth } from "./auth.server";
import { idleTimingFor } from "./idle-timing";
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
  // A busy session's last-activity time is written as often as a busy tab reports (a
  // fraction of the timeout), not on every request.
  const writeIntervalSeconds = (idleTimingFor(timeoutMinutes)?.reportIntervalMs ?? 60_000) / 1000;
  const now = serverNow();
  const [state] = await db
    .select({
      isIdle: sql<boolean>`${timeoutMinutes} > 0 and ${sessions.lastActiveAt} <= ${now} - make_interval(mins => ${timeoutMinutes})`,
      isStale: sql<boolean>`${sessions.lastActiveAt} <= ${now} - make_interval(secs => ${writeIntervalSeconds})`,
    })
    .from(sessions)
    .where(eq(sessions.id, found.session.id));
  if (!state) return null;
  if (state.isIdle) {
    await db.delete(sessions).where(eq(sessions.id, found.session.id));
    return null;
  }
  if (touch || state.isStale) {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, found.session.id));
  }
  const stored = (found.user as { role?: unknown }).role;
  const role: Role = isStaffRole(stored) ? stored : "member";
  return { id: found.user.id, email: found.user.email, role, isAdmin: isStaffRole(role), sessionId: found.session.id };
}
