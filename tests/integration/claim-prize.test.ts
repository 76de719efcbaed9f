import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pointsLedger, users, waitlistUsers } from "../../db/schema";
import { resetDatabase } from "../db-reset";
import { db } from "~/kernel/db.server";
import { createPrizeClaimToken } from "~/lib/prizes/claim-token.server";
import { freezeDueSeasons } from "~/lib/seasons/season-freeze.server";
import { confirmSeasonWinners } from "~/lib/seasons/season-winners.server";
import { joinWaitlist } from "~/lib/waitlist/join/create-members.server";
import { action, loader } from "~/routes/claim-prize";

// The claim page's loader and action as the server calls them: 4xx on a bad link or bad
// input with nothing stored, a redirect back to the page once the address is taken.

const SEASON = "2024-10-01";
const context = { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" };
const GOOD = { deliveryName: "Pat Parent", addressLine1: "12 Comet Lane", city: "Springfield", region: "OR", postalCode: "97477", country: "United States" };

type Answer = { status: number; body: unknown };

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) return { status: result.status, body: result.headers.get("Location") };
  const { data, init } = result as { data: unknown; init?: { status?: number } | null };
  return { status: init?.status ?? 200, body: data };
}

async function post(fields: Record<string, string>): Promise<Answer> {
  const request = new Request("http://localhost:3000/claim-prize", { method: "POST", body: new URLSearchParams(fields) });
  const args = { request, params: {}, context } as unknown as Parameters<typeof action>[0];
  return answerOf(await action(args).catch((thrown: unknown) => thrown));
}

async function open(token: string): Promise<Answer> {
  const request = new Request(`http://localhost:3000/claim-prize?${new URLSearchParams({ token })}`);
  return answerOf(await loader({ request, params: {}, context } as unknown as Parameters<typeof loader>[0]));
}

async function storedClaims() {
  return (await db.execute<{ status: string; address_ciphertext: string | null }>(sql`select status, address_ciphertext from prize_claims`)).rows;
}

let memberId: string;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values({ id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" });
  const { member } = await joinWaitlist({ email: "winner@example.com" });
  memberId = member.id;
  await db.insert(pointsLedger).values({ memberId, delta: 50, reason: "admin_adjustment", createdAt: new Date("2024-10-15T12:00:00Z") });
  await db.update(waitlistUsers).set({ consentMethod: null, consentAt: null, ageBand: null, privacyNoticeVersion: null }).where(eq(waitlistUsers.id, memberId));
  await freezeDueSeasons(new Date("2024-11-01T08:00:00Z"));
  await confirmSeasonWinners(SEASON, "admin-1");
});

describe("the claim page", () => {
  it("answers 404 for a broken link and asks the age question of a winner without consent", async () => {
    expect((await open("broken")).status).toBe(404);
    const page = await open(createPrizeClaimToken(memberId, SEASON));
    expect(page).toMatchObject({ status: 200, body: { page: { state: "needs-age" } } });
  });

  it("refuses the address without consent (403) and bad input (400), storing nothing", async () => {
    const token = createPrizeClaimToken(memberId, SEASON);
    expect((await post({ intent: "address", token, ...GOOD })).status).toBe(403);
    await db.update(waitlistUsers).set({ consentMethod: "self", consentAt: new Date(), ageBand: "consent_age_or_over", privacyNoticeVersion: 1 }).where(eq(waitlistUsers.id, memberId));
    const missing = await post({ intent: "address", token, ...GOOD, addressLine1: "  " });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("Enter the street address.");
    const control = await post({ intent: "address", token, ...GOOD, city: "Spring\u0000field" });
    expect(control.status).toBe(400);
    expect(JSON.stringify(control.body)).toContain("invisible control characters");
    expect((await post({ intent: "address", token, ...GOOD, country: "x".repeat(101) })).status).toBe(400);
    expect((await post({ intent: "address", token: "broken", ...GOOD })).status).toBe(404);
    expect((await storedClaims()).every((claim) => claim.status === "unclaimed" && claim.address_ciphertext === null)).toBe(true);

    const taken = await post({ intent: "address", token, ...GOOD });
    expect(taken).toEqual({ status: 302, body: `/claim-prize?${new URLSearchParams({ token })}` });
    expect((await storedClaims())[0]?.status).toBe("claimed");
    expect((await open(token)).body).toMatchObject({ page: { state: "claimed" } });
  });

  it("tells a winner under the consent age that a parent must consent, and stores nothing", async () => {
    const token = createPrizeClaimToken(memberId, SEASON);
    const young = await post({ intent: "age", token, birthMonth: "3", birthYear: String(new Date().getUTCFullYear() - 9) });
    expect(young).toMatchObject({ status: 200, body: { needsParent: true } });
    const [member] = await db.select({ consentMethod: waitlistUsers.consentMethod, ageBand: waitlistUsers.ageBand }).from(waitlistUsers).where(eq(waitlistUsers.id, memberId));
    expect(member).toEqual({ consentMethod: null, ageBand: null });
    expect((await post({ intent: "age", token, birthMonth: "3", birthYear: "19x5" })).status).toBe(400);
    // The answer sticks (ADR 0061): a second, older year for the same winner is still under.
    const grown = await post({ intent: "age", token, birthMonth: "3", birthYear: "1990" });
    expect(grown).toMatchObject({ status: 200, body: { needsParent: true } });
    expect((await open(token)).body).toMatchObject({ page: { state: "needs-age" } });
  });
});
