import { apiKeyActor } from "../../audit/actor";
import { AppError } from "../../../kernel/errors";
import { referralLink } from "../../referrals/share-links";
import { crewNameOf } from "../../crew-names/crew-name";
import { changeMember, type MemberListRow } from "../../waitlist/member-admin.server";
import { listMembersByCursor } from "../../waitlist/member-cursor.server";
import { getMemberForPartners } from "../../waitlist/members.server";
import { API_UNDER_CONSENT_AGE_MESSAGE, signUpFromApi } from "../../waitlist/join/signup.server";
import { defineEndpoint } from "../endpoint.server";
import type { ApiKey } from "../api-keys.server";
import { ProblemAnswer } from "../problem";
import { joinFailureOf } from "../../waitlist/join/join-failure.server";
import { DEFAULT_LANGUAGE } from "../../../kernel/i18n/languages";
import { IdParams, JoinBodySchema, JoinResultSchema, MemberChangeSchema, MemberListQuery, MemberListSchema, MemberSchema, MemberWriteResultSchema } from "../schemas";

function memberJson(member: Omit<MemberListRow, "consentMethod" | "consentAt" | "privacyNoticeVersion" | "consentCountry" | "consentAge" | "emailStatus">, origin: string) {
  return {
    id: member.id,
    email: member.email,
    nickname: crewNameOf(member.id, member.crewNameRoll),
    referralCode: member.referralCode,
    referralLink: referralLink(origin, member.referralCode),
    points: member.points,
    referralsMade: member.referralsMade,
    confirmedEmail: member.confirmedEmail,
    hasViewedTrailer: member.hasViewedTrailer,
    isBlocked: member.isBlocked,
    tags: member.tags,
    notes: member.notes,
    joinedAt: member.joinDate.toISOString(),
    launchStatus: member.launchStatus,
    language: member.language,
  };
}

type MemberRow = Parameters<typeof memberJson>[0];
type Written = { tags?: string[]; notes?: string; isBlocked?: boolean };

/**
 * A write's answer (issue 37): the whole member for a key that may read members, otherwise
 * their id and what this request wrote, as stored — never their notes, tags or address.
 */
function writtenMemberJson(member: MemberRow, key: ApiKey, origin: string, written: Written = {}) {
  if (key.scopes.includes("members:read")) return memberJson(member, origin);
  return {
    id: member.id,
    ...(written.tags !== undefined && { tags: member.tags }),
    ...(written.notes !== undefined && { notes: member.notes }),
    ...(written.isBlocked !== undefined && { isBlocked: member.isBlocked }),
  };
}

const asBoolean = (value: "true" | "false" | undefined) => (value === undefined ? undefined : value === "true");

export const memberEndpoints = [
  defineEndpoint({
    method: "get",
    path: "/members",
    operationId: "listMembers",
    summary: "List members, newest first",
    description: "A child whose parent has not said yes to \"Share with the studio's partners\" is not listed, nor readable or writable by id (404): integrations see no such member.",
    tag: "Members",
    scope: "members:read",
    query: MemberListQuery,
    response: MemberListSchema,
    errors: [400],
    handle: async ({ query }, { origin }) => {
      const page = await listMembersByCursor({ ...query, confirmed: asBoolean(query.confirmed), blocked: asBoolean(query.blocked) });
      return { data: page.rows.map((row) => memberJson(row, origin)), nextCursor: page.nextCursor };
    },
  }),
  defineEndpoint({
    method: "get",
    path: "/members/{id}",
    operationId: "getMember",
    summary: "Get a member",
    tag: "Members",
    scope: "members:read",
    params: IdParams,
    response: MemberSchema,
    errors: [400, 404],
    handle: async ({ params }, { origin }) => {
      const member = await getMemberForPartners(params.id);
      if (!member) throw new AppError("NOT_FOUND", "No member has this id.");
      return memberJson(member, origin);
    },
  }),
  defineEndpoint({
    method: "post",
    path: "/members",
    operationId: "createMember",
    summary: "Add a member (a join)",
    description:
      "Joins the waitlist exactly as the site's form does: the same neutral age question (a visitor under the consent age is refused with 403 and nothing is stored, since a parent is asked first on the site), the same address rules, throwaway-domain refusal, referral credit setting and fair-play signals; with clientIp, the same per-network sign-up limit (429 beyond it). An address already listed returns that member with isNewMember false and changes nothing. The welcome e-mail is sent, and the join is in the audit log under the key's name. A key without members:read gets back only the member's id.",
    tag: "Members",
    scope: "members:write",
    body: JoinBodySchema,
    response: JoinResultSchema,
    status: 201,
    errors: [400],
    forbiddenWhen: "the visitor is under the consent age, or the site runs \"children first\" (every sign-up through a parent); nothing is stored",
    handle: async ({ body }, { key, origin }) => {
      const joined = await signUpFromApi(body, apiKeyActor(key)).catch((error: unknown) => {
        const failure = joinFailureOf(error, { door: "api", language: DEFAULT_LANGUAGE });
        throw new ProblemAnswer(failure.status, failure.message, failure.headers);
      });
      // An address a child's membership holds is a child's to an integration too: the under-age answer, nothing of the child.
      const member = await getMemberForPartners(joined.member.id);
      if (!member) throw new AppError("FORBIDDEN", API_UNDER_CONSENT_AGE_MESSAGE);
      return { member: writtenMemberJson(member, key, origin), isNewMember: joined.isNewMember, referral: joined.referral };
    },
  }),
  defineEndpoint({
    method: "patch",
    path: "/members/{id}",
    operationId: "updateMember",
    summary: "Change a member's tags, notes or blocking",
    tag: "Members",
    scope: "members:write",
    params: IdParams,
    body: MemberChangeSchema,
    description: "Each change is recorded in the member's audit trail with the API key that made it. A key without members:read gets back the member's id and the fields it sent, as stored.",
    response: MemberWriteResultSchema,
    errors: [400, 404],
    handle: async ({ params, body }, { key, origin }) => {
      if (!(await getMemberForPartners(params.id))) throw new AppError("NOT_FOUND", "No member has this id.");
      let member: MemberListRow | undefined;
      const actor = { apiKeyId: key.id, apiKey: apiKeyActor(key) };
      if (body.tags !== undefined) member = await changeMember(params.id, { kind: "tags", tags: body.tags }, actor);
      if (body.notes !== undefined) member = await changeMember(params.id, { kind: "notes", notes: body.notes }, actor);
      if (body.isBlocked !== undefined) member = await changeMember(params.id, { kind: "blocked", isBlocked: body.isBlocked }, actor);
      if (!member) throw new AppError("INVALID_INPUT", "Send at least one of tags, notes, isBlocked.");
      return writtenMemberJson(member, key, origin, body);
    },
  }),
];
