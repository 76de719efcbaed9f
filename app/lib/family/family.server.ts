import { and, asc, eq } from "drizzle-orm";
import { waitlistUsers } from "../../../db/schema";
import { ageBandOf, checkBirthMonth } from "../consent/age";
import { childChoicesOf, setChildChoices, type ChildChoices } from "../consent/child-choices.server";
import { consentAgeFor } from "../consent/consent-age-by-country";
import { FAMILY_CHILDREN_LIMIT } from "../consent/consent-rules";
import { grantChildConsent } from "../consent/grant-child-consent.server";
import { currentPrivacyNotice } from "../consent/privacy-notice.server";
import { crewNameOf } from "../crew-names/crew-name";
import { db, runTransaction } from "../../kernel/db.server";
import { getEnv } from "../../kernel/env.server";
import { AppError } from "../../kernel/errors";
import { appErrorWithValues } from "../i18n/error-messages.server";
import type { Language } from "../../kernel/i18n/languages";
import { placeInLine } from "../leaderboard/leaderboard.server";
import type { PlaceInLine } from "../leaderboard/place-text";
import { eraseMemberIn } from "../privacy/erase-member.server";
import { referralLink } from "../referrals/share-links";
import { coarseNetworkOf } from "../security/client-network.server";
import { getSiteSettings } from "../settings/settings.server";
import { isUuid } from "../../kernel/uuid";
import { emailIdentity } from "../waitlist/email-identity";
import { loadJoinSettings } from "../waitlist/join/join-rules.server";
import { deviceClassOf } from "../waitlist/signup-context";

// A family (ADR 0067): the memberships of one grown-up's address — the grown-up's own, if
// they are a fan too, and each child a parent approved, every child a crew member of its
// own. Nothing here matches part of an address: a family is the rows of one identity.

export const NOT_A_VERIFIED_PARENT_MESSAGE = /*i18n*/ "Only a parent or guardian who has already said yes to a child here can add another from this page.";
export const FAMILY_FULL_MESSAGE = /*i18n*/ "A family can have up to {limit} young fans on one address.";
export const OLD_ENOUGH_MESSAGE = /*i18n*/ "At this age a fan joins with their own e-mail address, from the join form.";
export const CHOOSE_LEADERBOARD_MESSAGE = /*i18n*/ "Please choose Yes or No for the public leaderboard.";
export const NOT_IN_FAMILY_MESSAGE = /*i18n*/ "This crew member is not in your family.";

export type FamilyChild = {
  id: string;
  crewName: string;
  link: string;
  points: number;
  place: PlaceInLine | null;
  choices: ChildChoices;
};

const childOfFamily = (identity: string) => and(eq(waitlistUsers.emailIdentity, identity), eq(waitlistUsers.consentMethod, "parent_email_plus"));

/** The children a parent approved on `email`'s address, in the order they joined, each with what the parent's dashboard shows. */
export async function listFamilyChildren(email: string): Promise<FamilyChild[]> {
  const rows = await db
    .select({
      id: waitlistUsers.id,
      crewNameRoll: waitlistUsers.crewNameRoll,
      referralCode: waitlistUsers.referralCode,
      points: waitlistUsers.points,
      referralsMade: waitlistUsers.referralsMade,
      isBlocked: waitlistUsers.isBlocked,
      consentMethod: waitlistUsers.consentMethod,
      leaderboardChoice: waitlistUsers.leaderboardChoice,
      partnerSharingChoice: waitlistUsers.partnerSharingChoice,
    })
    .from(waitlistUsers)
    .where(childOfFamily(emailIdentity(email)))
    .orderBy(asc(waitlistUsers.joinDate), asc(waitlistUsers.id))
    .limit(FAMILY_CHILDREN_LIMIT);
  const origin = getEnv().origin;
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      crewName: crewNameOf(row.id, row.crewNameRoll),
      link: referralLink(origin, row.referralCode, "copy"),
      points: row.points,
      place: await placeInLine(row),
      choices: childChoicesOf(row)!,
    })),
  );
}

/** Whether `memberId` is a child a parent approved on `email`'s address. */
async function isChildOfFamily(email: string, memberId: string): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const [row] = await db.select({ id: waitlistUsers.id }).from(waitlistUsers).where(and(eq(waitlistUsers.id, memberId), childOfFamily(emailIdentity(email))));
  return row !== undefined;
}

/** The signed-in parent changes one child's choices (ADR 0065); a member of another family: 404, nothing changed. */
export async function setFamilyChildChoices(parentEmail: string, memberId: string, choices: ChildChoices): Promise<ChildChoices> {
  if (!(await isChildOfFamily(parentEmail, memberId))) throw new AppError("NOT_FOUND", NOT_IN_FAMILY_MESSAGE);
  return setChildChoices(memberId, choices);
}

export type NewChild = {
  /** The signed-in parent's address (their session's). */
  parentEmail: string;
  birthMonth: string;
  birthYear: string;
  country: string | undefined;
  showOnLeaderboard: boolean;
  language: Language;
  clientIp: string;
  userAgent: string | null;
};

/**
 * "Add another child" (ADR 0067): a parent who already approved a child through the e-mailed
 * notice, signed in from a link to that address, adds one more without another e-mail
 * round trip. The consent record names the method (e-mail plus: the delayed confirmation
 * follows, as for any approval), the notice version of the page's language, and the country
 * and consent age that applied. A birth date at or over that age is a fan who joins
 * with their own address. At most FAMILY_CHILDREN_LIMIT children an address; audited.
 */
export async function addChildToFamily(child: NewChild): Promise<{ memberId: string }> {
  const checked = checkBirthMonth(child.birthMonth, child.birthYear, new Date());
  if (!checked.ok) throw new AppError("INVALID_INPUT", checked.message);
  const settings = await getSiteSettings(["consentAge", "consentAgeByCountry"]);
  const applied = consentAgeFor(child.country, settings.consentAgeByCountry, settings.consentAge);
  if (ageBandOf(checked.birth, applied.consentAge, new Date()) !== "under_consent_age") throw new AppError("INVALID_INPUT", OLD_ENOUGH_MESSAGE);
  const notice = await currentPrivacyNotice(child.language);
  const identity = emailIdentity(child.parentEmail);
  const joinSettings = await loadJoinSettings();
  return runTransaction(async (tx) => {
    // The family's rows, locked: two "Add" posts at once cannot pass the limit together.
    const family = await tx.select({ email: waitlistUsers.email, consentMethod: waitlistUsers.consentMethod }).from(waitlistUsers).where(eq(waitlistUsers.emailIdentity, identity)).for("update");
    const children = family.filter((row) => row.consentMethod === "parent_email_plus");
    if (children.length === 0) throw new AppError("FORBIDDEN", NOT_A_VERIFIED_PARENT_MESSAGE);
    if (children.length >= FAMILY_CHILDREN_LIMIT) throw appErrorWithValues("CONFLICT", FAMILY_FULL_MESSAGE, { limit: FAMILY_CHILDREN_LIMIT });
    const member = await grantChildConsent(tx, {
      child: {
        email: children[0]!.email,
        // The parent's session came from a link to this address: it is confirmed.
        isConfirmed: true,
        referralCode: null,
        via: null,
        device: deviceClassOf(child.userAgent),
        network: coarseNetworkOf(child.clientIp),
        country: null,
        language: child.language,
      },
      noticeVersion: notice.version,
      country: applied.country,
      consentAge: applied.consentAge,
      showOnLeaderboard: child.showOnLeaderboard,
      from: "signed-in parent",
      joinSettings,
    });
    return { memberId: member.id };
  });
}

/**
 * "Remove from my family": the parent withdraws consent for one child, who is erased as any
 * erasure is (ADR 0045) — that crew member only. The address and what it names stay the
 * family's while another membership holds it (member-rows.server.ts).
 */
export async function removeChildFromFamily(parentEmail: string, memberId: string): Promise<void> {
  if (!isUuid(memberId)) throw new AppError("NOT_FOUND", NOT_IN_FAMILY_MESSAGE);
  const removed = await runTransaction(async (tx) => {
    const [row] = await tx.select({ id: waitlistUsers.id }).from(waitlistUsers).where(and(eq(waitlistUsers.id, memberId), childOfFamily(emailIdentity(parentEmail)))).for("update");
    return row ? eraseMemberIn(tx, row.id, { kind: "parent_withdrawal" }, { onlyParentConsented: true }) : false;
  });
  if (!removed) throw new AppError("NOT_FOUND", NOT_IN_FAMILY_MESSAGE);
}
