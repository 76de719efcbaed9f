// Issue 37: opening the welcome e-mail's link confirmed the address and paid the referrer —
// and mail scanners open every link. Now the page only shows a button; its post confirms.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { referrals, waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { createEmailConfirmationToken } from "~/lib/waitlist/email-confirmation.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action, loader } from "~/routes/confirm-email";

const context = { cspNonce: "", requestId: "test", clientIp: "203.0.113.9" };
type Answer = { status: number; data: unknown };

async function answerOf(result: unknown): Promise<Answer> {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init?: { status?: number } | null };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: result };
}

const open = async (token: string) =>
  answerOf(await loader({ request: new Request(`http://localhost:3000/confirm-email?${new URLSearchParams({ token })}`), params: {}, context } as unknown as Parameters<typeof loader>[0]));
const press = async (token: string) =>
  answerOf(
    await action({ request: new Request("http://localhost:3000/confirm-email", { method: "POST", body: new URLSearchParams({ token }) }), params: {}, context } as unknown as Parameters<typeof action>[0]),
  );

let friendId: string;
const state = async () => ({
  confirmed: (await db.select({ confirmed: waitlistUsers.confirmedEmail }).from(waitlistUsers).where(eq(waitlistUsers.id, friendId)))[0]!.confirmed,
  referral: (await db.select({ status: referrals.status }).from(referrals))[0]!.status,
  events: (await db.execute<{ n: number }>(sql`select count(*)::integer as n from webhook_messages where event_type = 'member.confirmed'`)).rows[0]!.n,
});

beforeEach(async () => {
  await resetDatabase();
  await db.execute(sql`insert into webhook_endpoints (url, events, secret) values ('https://hooks.example/in', '{member.confirmed}', 'whsec_x')`);
  const host = await joinWaitlist({ email: "host@example.com", isConfirmed: true });
  friendId = (await joinWaitlist({ email: "friend@example.com", referralCode: host.member.referralCode })).member.id;
});

describe("the welcome e-mail's confirmation link", () => {
  it("changes nothing when opened (as a mail scanner does): the page shows a button", async () => {
    const token = createEmailConfirmationToken(friendId);
    expect(await open(token)).toMatchObject({ status: 200, data: { token } });
    expect(await open(token)).toMatchObject({ status: 200 });
    expect(await state()).toEqual({ confirmed: false, referral: "pending", events: 0 });
  });

  it("confirms on the button's post, pays the referrer once, and says so", async () => {
    const token = createEmailConfirmationToken(friendId);
    expect(await press(token)).toEqual({ status: 200, data: { isConfirmed: true } });
    expect(await state()).toEqual({ confirmed: true, referral: "credited", events: 1 });
    expect(await press(token)).toEqual({ status: 200, data: { isConfirmed: true } });
    expect(await state()).toEqual({ confirmed: true, referral: "credited", events: 1 });
  });

  it("answers a broken or forged token with the link-doesn't-work page: 400 on the post, and nothing changes", async () => {
    expect(await open("broken")).toMatchObject({ status: 200, data: { token: null } });
    expect(await press("broken")).toEqual({ status: 400, data: { isConfirmed: false } });
    expect(await press(`${createEmailConfirmationToken(friendId)}x`)).toEqual({ status: 400, data: { isConfirmed: false } });
    expect(await state()).toEqual({ confirmed: false, referral: "pending", events: 0 });
  });
});
