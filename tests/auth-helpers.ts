import { and, desc, eq } from "drizzle-orm";
import { emailOutbox, sessions, users } from "../db/schema";
import { getAuth } from "~/lib/auth/auth.server";
import { requestMagicLink } from "~/lib/auth/magic-link.server";
import { db } from "~/kernel/db.server";

const ORIGIN = "http://localhost:3000";

/** The sign-in link of the newest magic-link e-mail to `email`, read from the outbox. */
export async function latestMagicLink(email: string): Promise<string> {
  const [message] = await db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "magic_link")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = message?.text.match(/https?:\/\/\S+\/api\/auth\/magic-link\/verify\S+/)?.[0];
  if (!link) throw new Error(`no magic link e-mailed to ${email}`);
  return link;
}

/** Opens a magic link the way a browser would; returns Better Auth's redirect response. */
export async function openMagicLink(link: string): Promise<Response> {
  return getAuth().handler(new Request(link, { headers: { "user-agent": "vitest" } }));
}

/** Signs in through the real magic-link flow and returns the Cookie header to send. */
export async function signInAs(email: string, clientIp = "127.0.0.1"): Promise<string> {
  await requestMagicLink({ email, clientIp });
  const response = await openMagicLink(await latestMagicLink(email));
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (cookies.length === 0) throw new Error(`sign-in as ${email} set no cookie (status ${response.status})`);
  return cookies.join("; ");
}

export function requestWithCookie(path: string, cookie?: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(path, ORIGIN), { ...init, headers });
}

/** The newest session of the account with this address (a sign-in through signInAs makes one). */
export async function sessionIdOf(email: string): Promise<string> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (!session) throw new Error(`no session for ${email}`);
  return session.id;
}
