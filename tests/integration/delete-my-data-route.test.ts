import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { SELF_CONSENT } from "../factories";
import { db } from "~/lib/db.server";
import { createErasureToken } from "~/lib/privacy/erasure-link.server";
import { rememberDeviceMember } from "~/lib/waitlist/visitor-cookies.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action } from "~/routes/delete-my-data";

// The button on the e-mailed deletion link (ADR 0045), posted as a browser posts it: a
// browser whose first answer never arrived sends the same post again, and must not be told
// "Already deleted" about what it has just deleted; anyone else is.

const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.9" };

async function post(token: string, cookie?: string) {
  const request = new Request("http://localhost/delete-my-data", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie && { Cookie: cookie }) },
    body: new URLSearchParams({ token }),
  });
  const result = await action({ request, params: {}, context } as unknown as Parameters<typeof action>[0]);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), setsCookie: result.headers.has("Set-Cookie") };
  const { data, init } = result as unknown as { data: unknown; init?: { status?: number } };
  return { status: init?.status ?? 200, body: data };
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

beforeEach(async () => {
  await resetDatabase();
});

describe("Delete everything", () => {
  it("answers this browser's repeated post as it answered the first, everyone else's as already deleted, and erases no one else", async () => {
    const { member } = await joinWaitlist({ email: "leaving@example.com", consent: SELF_CONSENT });
    const { member: staying } = await joinWaitlist({ email: "staying@example.com", consent: SELF_CONSENT });
    const token = createErasureToken(member.id);
    const thisBrowser = cookieOf(await rememberDeviceMember(member.id));

    expect(await post(token, thisBrowser)).toEqual({ status: 302, location: "/delete-my-data?deleted=1", setsCookie: true });
    // The same post again, from the browser that still holds its "joined here" cookie.
    expect(await post(token, thisBrowser)).toEqual({ status: 302, location: "/delete-my-data?deleted=1", setsCookie: true });
    // Another browser, or one whose cookie names someone else: the link is spent.
    expect(await post(token)).toEqual({ status: 410, body: { problem: "used" } });
    expect(await post(token, cookieOf(await rememberDeviceMember(staying.id)))).toEqual({ status: 410, body: { problem: "used" } });
    expect(await post(`${token}x`, thisBrowser)).toEqual({ status: 404, body: { problem: "invalid" } });

    const left = await db.select({ id: waitlistUsers.id, email: waitlistUsers.email }).from(waitlistUsers);
    expect(left).toEqual([{ id: staying.id, email: "staying@example.com" }]);
    expect(await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(eq(waitlistUsers.id, member.id))).toEqual([]);
  });
});
