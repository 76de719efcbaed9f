import { getSessionUser, type SessionUser } from "../auth/session.server";
import { emailIdentity } from "./email-identity";
import { getMemberById, getMemberByIdentity } from "./members.server";
import { readDeviceMemberId } from "./visitor-cookies.server";

/**
 * The waitlist member this request speaks for: the signed-in crew member's, else the
 * one who joined on this device (a shared family computer shows whoever signed in).
 */
export async function getCurrentMember(request: Request, sessionUser?: SessionUser | null) {
  const user = sessionUser === undefined ? await getSessionUser(request) : sessionUser;
  if (user) {
    const member = await getMemberByIdentity(emailIdentity(user.email));
    if (member) return member;
  }
  const deviceMemberId = await readDeviceMemberId(request.headers.get("Cookie"));
  return deviceMemberId ? getMemberById(deviceMemberId) : null;
}
