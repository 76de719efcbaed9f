import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, pointsLedger, siteSettings, users, waitlistUsers } from "../../../db/schema";
import { resetDatabase } from "../../../tests/db-reset";
import { db } from "../../kernel/db.server";
import { isAppError } from "../../kernel/errors";
import { freezeDueSeasons } from "../seasons/season-freeze.server";
import { confirmSeasonWinners } from "../seasons/season-winners.server";
import { forgetCachedSettings, getSiteSetting, saveSiteSettings } from "../settings/settings.server";
import { DEFAULT_SEASON_WINNER_EMAIL_HTML, LEGACY_SEASON_WINNER_EMAIL_HTML } from "../seasons/winner-email-template";
import { joinWaitlist } from "../waitlist/join/create-members.server";
import { createPrizeClaimToken, readPrizeClaimToken } from "./claim-token.server";
import { openAgePass, sealAgePass } from "../consent/age-pass.server";
import type { ShippingAddress } from "./prize-claim.schema";
import {
  answerClaimAge,
  claimPrize,
  deleteShippedAddresses,
  getPrizeClaimPage,
  listPrizeClaims,
  markPrizeShipped,
  resendClaimLink,
  revealShippingAddress,
} from "./prize-claims.server";

const SEASON = "2024-10-01";
const OCT_15 = new Date("2024-10-15T12:00:00Z");
const AFTER_OCTOBER = new Date("2024-11-01T08:00:00Z");
/** Claims are confirmed at the real time; "now" for the claim page is a little later. */
const soon = () => new Date(Date.now() + 60_000);
const DAY = 24 * 60 * 60 * 1000;

const ADDRESS: ShippingAddress = {
  deliveryName: "Pat Parent",
  addressLine1: "12 Comet Lane",
  addressLine2: "",
  city: "Springfield",
  region: "OR",
  postalCode: "97477",
  country: "United States",
};

const OWNER = { id: "owner-1", role: "owner" as const };
const ADMIN = { id: "admin-1", role: "admin" as const };

async function winner(name: string, points: number, consent: "self" | "parent_email_plus" | null) {
  const { member } = await joinWaitlist({ email: `${name}@example.com` });
  await db.insert(pointsLedger).values({ memberId: member.id, delta: points, reason: "admin_adjustment", createdAt: OCT_15 });
  // joinWaitlist may record consent itself one day: set exactly what the test needs.
  await db
    .update(waitlistUsers)
    .set(
      consent
        ? { consentMethod: consent, consentAt: OCT_15, ageBand: consent === "self" ? "consent_age_or_over" : "under_consent_age", privacyNoticeVersion: 1 }
        : { consentMethod: null, consentAt: null, ageBand: null, privacyNoticeVersion: null },
    )
    .where(eq(waitlistUsers.id, member.id));
  return member;
}

async function claimRows() {
  return (await db.execute<{ member_id: string; status: string; address_ciphertext: string | null }>(sql`select member_id, status, address_ciphertext from prize_claims`)).rows;
}

async function consentOf(memberId: string) {
  const [row] = await db
    .select({ consentMethod: waitlistUsers.consentMethod, ageBand: waitlistUsers.ageBand, consentAt: waitlistUsers.consentAt, privacyNoticeVersion: waitlistUsers.privacyNoticeVersion })
    .from(waitlistUsers)
    .where(eq(waitlistUsers.id, memberId));
  return row;
}

async function refusal(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return isAppError(error) ? error.status : undefined;
}

let adult: Awaited<ReturnType<typeof winner>>;
let child: Awaited<ReturnType<typeof winner>>;
let legacy: Awaited<ReturnType<typeof winner>>;

beforeEach(async () => {
  await resetDatabase();
  await db.insert(users).values([
    { id: "owner-1", name: "Owner", email: "owner@example.com", role: "owner" },
    { id: "admin-1", name: "Admin", email: "boss@example.com", role: "admin" },
  ]);
  adult = await winner("adult.winner", 90, "self");
  child = await winner("child.winner", 80, "parent_email_plus");
  legacy = await winner("legacy.winner", 70, null);
  await freezeDueSeasons(AFTER_OCTOBER);
  await confirmSeasonWinners(SEASON, "admin-1");
});

describe("the winner e-mail template", () => {
  it("reads a saved copy of the old reply-with-your-address default as the new default", async () => {
    await db.insert(siteSettings).values({ key: "season_winner_email_template_html", value: LEGACY_SEASON_WINNER_EMAIL_HTML }).onConflictDoUpdate({ target: siteSettings.key, set: { value: LEGACY_SEASON_WINNER_EMAIL_HTML } });
    forgetCachedSettings();
    expect(await getSiteSetting("seasonWinnerEmailTemplateHtml")).toBe(DEFAULT_SEASON_WINNER_EMAIL_HTML);
  });
});

describe("the claim link", () => {
  it("names one member and one season, and a changed or foreign token reads as nothing", () => {
    const token = createPrizeClaimToken(adult.id, SEASON);
    expect(readPrizeClaimToken(token)).toEqual({ memberId: adult.id, season: SEASON });
    const [, season, signature] = token.split(".");
    expect(readPrizeClaimToken(`${child.id}.${season}.${signature}`)).toBeNull();
    expect(readPrizeClaimToken(`${adult.id}.2024-09.${signature}`)).toBeNull();
    const foreign = createHmac("sha256", "another site's secret").update(`prize-claim:${adult.id}:2024-10`).digest("base64url");
    expect(readPrizeClaimToken(`${adult.id}.2024-10.${foreign}`)).toBeNull();
    expect(readPrizeClaimToken("")).toBeNull();
  });

  it("opens the address form when consent is on record, the age question when not", async () => {
    expect(await getPrizeClaimPage(createPrizeClaimToken(adult.id, SEASON), soon())).toEqual({ state: "address", prize: expect.stringContaining("Early access pass"), season: "October 2024" });
    expect((await getPrizeClaimPage(createPrizeClaimToken(child.id, SEASON), soon())).state).toBe("address");
    expect((await getPrizeClaimPage(createPrizeClaimToken(legacy.id, SEASON), soon())).state).toBe("needs-age");
    expect((await getPrizeClaimPage("nonsense", soon())).state).toBe("invalid");
    expect((await getPrizeClaimPage(createPrizeClaimToken(adult.id, SEASON), new Date(Date.now() + 61 * DAY))).state).toBe("expired");
  });
});

describe("claiming a prize", () => {
  it("stores the address only as ciphertext", async () => {
    await claimPrize(createPrizeClaimToken(child.id, SEASON), ADDRESS, soon());
    const [row] = (await claimRows()).filter((claim) => claim.member_id === child.id);
    expect(row?.status).toBe("claimed");
    expect(row?.address_ciphertext).toMatch(/^v1\./);
    const everything = await db.execute(sql`select * from prize_claims`);
    const dump = JSON.stringify(everything.rows);
    for (const part of ["Comet", "Springfield", "Pat Parent", "97477"]) expect(dump).not.toContain(part);
    expect(await revealShippingAddress(SEASON, child.id, ADMIN)).toEqual(ADDRESS);
  });

  it("is refused without consent, with a bad, expired or foreign token, and a second time; nothing is stored", async () => {
    expect(await refusal(claimPrize(createPrizeClaimToken(legacy.id, SEASON), ADDRESS, soon()))).toBe(403);
    expect(await refusal(claimPrize("not-a-token", ADDRESS, soon()))).toBe(404);
    const [, , signature] = createPrizeClaimToken(adult.id, SEASON).split(".");
    expect(await refusal(claimPrize(`${child.id}.2024-10.${signature}`, ADDRESS, soon()))).toBe(404);
    const stranger = (await joinWaitlist({ email: "stranger@example.com" })).member;
    expect(await refusal(claimPrize(createPrizeClaimToken(stranger.id, SEASON), ADDRESS, soon()))).toBe(404);
    expect(await refusal(claimPrize(createPrizeClaimToken(adult.id, SEASON), ADDRESS, new Date(Date.now() + 61 * DAY)))).toBe(410);
    expect((await claimRows()).every((claim) => claim.status === "unclaimed" && claim.address_ciphertext === null)).toBe(true);

    await claimPrize(createPrizeClaimToken(adult.id, SEASON), ADDRESS, soon());
    expect(await refusal(claimPrize(createPrizeClaimToken(adult.id, SEASON), { ...ADDRESS, addressLine1: "Elsewhere" }, soon()))).toBe(409);
    expect(await revealShippingAddress(SEASON, adult.id, OWNER)).toEqual(ADDRESS);
  });
});

describe("the age question for a winner who joined before it existed", () => {
  it("under the consent age: stores nothing, keeps the prize, and the admin sees it waiting for consent", async () => {
    const token = createPrizeClaimToken(legacy.id, SEASON);
    const now = soon();
    const year = now.getUTCFullYear() - 10;
    expect(await answerClaimAge(token, { birthMonth: "1", birthYear: String(year) }, now)).toMatchObject({ band: "under_consent_age" });
    expect(await consentOf(legacy.id)).toEqual({ consentMethod: null, ageBand: null, consentAt: null, privacyNoticeVersion: null });
    expect((await getPrizeClaimPage(token, now)).state).toBe("needs-age");
    expect(await refusal(claimPrize(token, ADDRESS, now))).toBe(403);
    const statuses = Object.fromEntries((await listPrizeClaims(SEASON)).map((claim) => [claim.memberId, claim.status]));
    expect(statuses).toEqual({ [adult.id]: "unclaimed", [child.id]: "unclaimed", [legacy.id]: "waiting_for_consent" });
  });

  it("an answer under the consent age sticks: a second, older year for the same winner, or from the same device, is still under", async () => {
    const token = createPrizeClaimToken(legacy.id, SEASON);
    const now = soon();
    const adultYear = String(now.getUTCFullYear() - 30);
    // The device that answered under carries its age pass: an older year from it is still under.
    const devicePass = openAgePass(sealAgePass("under_consent_age", null));
    expect(await answerClaimAge(token, { birthMonth: "1", birthYear: adultYear }, now, "en", devicePass)).toMatchObject({ band: "under_consent_age" });
    expect(await consentOf(legacy.id)).toMatchObject({ consentMethod: null, ageBand: null });
    // ...and so is the winner's address, from another device without the pass.
    expect(await answerClaimAge(token, { birthMonth: "1", birthYear: adultYear }, now)).toMatchObject({ band: "under_consent_age" });
    expect(await consentOf(legacy.id)).toMatchObject({ consentMethod: null, ageBand: null });
    expect(await refusal(claimPrize(token, ADDRESS, now))).toBe(403);
    // The memory holds a hash, not the address or the birth date.
    const keys = (await db.execute<{ key: string }>(sql`select key from rate_limits where key like 'age:under:%'`)).rows.map((row) => row.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain("legacy");
  });

  it("at or over the consent age: records their own consent, then takes the address", async () => {
    await saveSiteSettings({ consentAge: 16 }, "admin-1");
    const token = createPrizeClaimToken(legacy.id, SEASON);
    const now = soon();
    expect(await refusal(answerClaimAge(token, { birthMonth: "13", birthYear: "2000" }, now))).toBe(400);
    expect(await answerClaimAge(token, { birthMonth: "1", birthYear: String(now.getUTCFullYear() - 16) }, now)).toMatchObject({ band: "consent_age_or_over" });
    expect(await consentOf(legacy.id)).toEqual({ consentMethod: "self", ageBand: "consent_age_or_over", consentAt: now, privacyNoticeVersion: 1 });
    expect((await getPrizeClaimPage(token, now)).state).toBe("address");
    await claimPrize(token, ADDRESS, now);
    expect((await listPrizeClaims(SEASON)).find((claim) => claim.memberId === legacy.id)?.status).toBe("claimed");
  });
});

describe("for owners and admins", () => {
  it("reveals the address and marks it shipped, both audited; editors and viewers may not", async () => {
    await claimPrize(createPrizeClaimToken(adult.id, SEASON), ADDRESS, soon());
    for (const role of ["editor", "viewer", "member", null] as const) {
      expect(await refusal(revealShippingAddress(SEASON, adult.id, { id: "admin-1", role }))).toBe(403);
      expect(await refusal(markPrizeShipped(SEASON, adult.id, { id: "admin-1", role }))).toBe(403);
    }
    expect(await revealShippingAddress(SEASON, adult.id, OWNER)).toEqual(ADDRESS);
    expect(await refusal(markPrizeShipped(SEASON, child.id, ADMIN))).toBe(409); // not claimed yet
    await markPrizeShipped(SEASON, adult.id, ADMIN);
    expect((await listPrizeClaims(SEASON)).find((claim) => claim.memberId === adult.id)?.status).toBe("shipped");
    const audit = await db.select({ action: auditEvents.action, actorId: auditEvents.actorId, after: auditEvents.after }).from(auditEvents).where(eq(auditEvents.targetType, "prize_claim"));
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ["prize_claim.address_revealed", "owner-1"],
      ["prize_claim.shipped", "admin-1"],
    ]);
    expect(JSON.stringify(audit)).not.toContain("Comet");
  });
});

describe("a new claim link", () => {
  it("revives a link that ran out and mails the winner again (a child's parent with the way to withdraw); only for unclaimed prizes, owners and admins", async () => {
    const token = createPrizeClaimToken(child.id, SEASON);
    const late = new Date(Date.now() + 61 * DAY);
    expect(await refusal(claimPrize(token, ADDRESS, late))).toBe(410);
    for (const role of ["editor", "viewer", null] as const) expect(await refusal(resendClaimLink(SEASON, child.id, { id: "admin-1", role }, late))).toBe(403);
    await resendClaimLink(SEASON, child.id, ADMIN, late);
    // The same link works again, for another 60 days from the resend.
    await claimPrize(token, ADDRESS, new Date(late.getTime() + 59 * DAY));
    expect(await refusal(resendClaimLink(SEASON, child.id, ADMIN, late))).toBe(409);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "child.winner@example.com")).orderBy(emailOutbox.id);
    expect(mails.filter((mail) => mail.kind === "season_winner")).toHaveLength(2);
    expect(mails.at(-1)!.text).toContain(`/claim-prize?token=${encodeURIComponent(token)}`);
    expect(mails.at(-1)!.text).toContain("/parent-consent/revoke?token=");
    const audit = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.action, "prize_claim.link_resent"));
    expect(audit).toHaveLength(1);
  });
});

describe("deleting addresses after shipping", () => {
  it("deletes an address 30 days after the prize is marked shipped, and not before", async () => {
    await claimPrize(createPrizeClaimToken(adult.id, SEASON), ADDRESS, soon());
    await claimPrize(createPrizeClaimToken(child.id, SEASON), ADDRESS, soon());
    const shippedAt = new Date("2030-01-10T12:00:00Z");
    await markPrizeShipped(SEASON, adult.id, ADMIN, shippedAt);

    expect(await deleteShippedAddresses(new Date(shippedAt.getTime() + 30 * DAY - 1000))).toBe(0);
    expect((await claimRows()).filter((claim) => claim.address_ciphertext !== null).map((claim) => claim.member_id).sort()).toEqual([adult.id, child.id].sort());

    const [first, second] = await Promise.all([deleteShippedAddresses(new Date(shippedAt.getTime() + 30 * DAY)), deleteShippedAddresses(new Date(shippedAt.getTime() + 30 * DAY))]);
    expect(first + second).toBe(1);
    const rows = await claimRows();
    expect(rows.find((claim) => claim.member_id === adult.id)?.address_ciphertext).toBeNull();
    expect(rows.find((claim) => claim.member_id === child.id)?.address_ciphertext).not.toBeNull(); // claimed, not shipped: kept
    expect(await refusal(revealShippingAddress(SEASON, adult.id, ADMIN))).toBe(404);
    expect((await listPrizeClaims(SEASON)).find((claim) => claim.memberId === adult.id)).toMatchObject({ status: "shipped", hasAddress: false });
  });
});
