import { getSessionUser, type SessionUser } from "../auth/session.server";
import { getMemberByEmail, getMemberById } from "./members.server";
import { readDeviceMemberId } from "./visitor-cookies.server";

/**
 * The waitlist member this request speaks for: the one who joined on this device,
 * else the signed-in crew member matched by e-mail.
 */
export async function getCurrentMember(request: Request, sessionUser?: SessionUser | null) {
  const deviceMemberId = await readDeviceMemberId(request);
  if (deviceMemberId) {
    const member = await getMemberById(deviceMemberId);
    if (member) return member;
  }
  const user = sessionUser === undefined ? await getSessionUser(request) : sessionUser;
  return user ? getMemberByEmail(user.email) : null;
}
