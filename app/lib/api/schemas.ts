import { refineBirthMonth } from "../consent/birth-month.schema";
import { countryCodeOf } from "../consent/consent-age-by-country";
import { EmailAddressSchema } from "../email/email-address.schema";
import { AudienceSchema } from "../launch/audience";
import { LANGUAGES } from "../../kernel/i18n/languages";
import { PURCHASE_LINK_PATTERN } from "../products/product.schema";
import { isReferralCodeShape } from "../referrals/referral-code";
import { noControlCharacters, noControlCharactersInText } from "../text-rules";
import { z } from "./zod";

export const MemberSchema = z
  .object({
    id: z.uuid(),
    email: z.email(),
    nickname: z.string().openapi({ description: "The member's crew name (e.g. \"Brave Otter 42\"), as the leaderboard shows it: never anything of the address." }),
    referralCode: z.string(),
    referralLink: z.url(),
    points: z.int(),
    referralsMade: z.int(),
    confirmedEmail: z.boolean(),
    hasViewedTrailer: z.boolean(),
    isBlocked: z.boolean(),
    tags: z.array(z.string()),
    notes: z.string(),
    joinedAt: z.iso.datetime(),
    launchStatus: z.enum(["waiting", "invited", "admitted"]).openapi({ description: "Where the member stands in the launch: waiting, invited by a wave, or admitted (they redeemed their invite)." }),
    language: z.enum(LANGUAGES).openapi({ description: "The site's language the member's browser preferred when they joined (en or es): what news to them is written in." }),
  })
  .openapi("Member");

/**
 * What a write answers a key without members:read (issue 37): the member's id and only what
 * the request itself wrote — a write is no way to read a member's record.
 */
export const MemberWrittenSchema = z
  .object({
    id: z.uuid(),
    tags: z.array(z.string()).optional(),
    notes: z.string().optional(),
    isBlocked: z.boolean().optional(),
  })
  .openapi("MemberWritten", { description: "The answer to a key without members:read: the member's id and the fields the request wrote, nothing else." });

/** A member write's answer: the whole member, or for a key without members:read only what it wrote. */
export const MemberWriteResultSchema = z.union([MemberSchema, MemberWrittenSchema]);

export const MemberListSchema = z
  .object({
    data: z.array(MemberSchema),
    nextCursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .openapi("MemberList");

const limit = (fallback: number) =>
  z.coerce.number().int().min(1).max(100).default(fallback).openapi({ description: "Items per page, 1–100.", example: fallback });

export const MemberListQuery = z.object({
  search: z.string().max(200).refine(...noControlCharacters).optional().openapi({ description: "Part of an e-mail address, referral code or tag." }),
  confirmed: z.enum(["true", "false"]).optional(),
  blocked: z.enum(["true", "false"]).optional(),
  cursor: z.string().max(200).optional(),
  limit: limit(50),
});

export const IdParams = z.object({ id: z.uuid({ message: "Not a member id." }).openapi({ param: { name: "id", in: "path" } }) });

export const JoinBodySchema = z
  .object({
    email: EmailAddressSchema,
    referralCode: z.string().trim().max(64).refine(isReferralCodeShape, "Not a referral code.").optional().openapi({ description: "The referrer's code (the `ref` of their link)." }),
    clientIp: z
      .union([z.ipv4(), z.ipv6()])
      .optional()
      .openapi({ description: "The visitor's IP address, when the join comes from a person on your site: their network then counts against the same sign-up limit and fair-play checks as the site's form." }),
    userAgent: z.string().trim().max(512).refine(...noControlCharacters).optional().openapi({ description: "The visitor's User-Agent header, for the same device checks as the form." }),
    language: z.enum(LANGUAGES).optional().openapi({ description: "The visitor's language, en or es (default en): what news to them is written in." }),
    birthMonth: z.union([z.number(), z.string()]).transform(String).openapi({ description: "The month (1–12) the visitor was born: ask it neutrally, as the site's form does. Only the age band is kept." }),
    birthYear: z.union([z.number(), z.string()]).transform(String).openapi({ description: "The year the visitor was born. A visitor under the site's consent age is refused (403): send them to the site's join form, which asks a parent first. The answer sticks: an address answered under the consent age on any way in (this API, the site's form, the embedded form) is refused for a day whatever year is sent next." }),
    country: z
      .string()
      .trim()
      .max(2, "Not a country code: use ISO 3166-1 alpha-2, like ES.")
      .transform((value, context) => {
        const code = countryCodeOf(value);
        if (code === null) context.addIssue({ code: "custom", message: "Not a country code: use ISO 3166-1 alpha-2, like ES." });
        return code ?? "";
      })
      .optional()
      .openapi({
        type: "string",
        example: "ES",
        description:
          "The country the visitor gives on the age question (ISO 3166-1 alpha-2, like ES): the consent age is that country's in the site's settings (Admin → Settings), or the default age when the country is not listed or this is absent. Kept with the consent record.",
      }),
  })
  .superRefine(refineBirthMonth)
  .openapi("JoinRequest");

export const JoinResultSchema = z
  .object({
    member: MemberWriteResultSchema.openapi({ description: "The member; only their id for a key without members:read." }),
    isNewMember: z.boolean().openapi({ description: "False when the address (or the same person's address) was already listed: nothing changed." }),
    referral: z.enum(["credited", "pending", "held"]).nullable().openapi({ description: "What happened to the referral, if any." }),
  })
  .openapi("JoinResult");

export const MemberChangeSchema = z
  .object({
    tags: z.array(z.string().max(50).refine(...noControlCharacters)).max(30).optional(),
    notes: z.string().max(5000).refine(...noControlCharactersInText).optional(),
    isBlocked: z.boolean().optional(),
  })
  .refine((change) => Object.keys(change).length > 0, "Send at least one of tags, notes, isBlocked.")
  .openapi("MemberChange");

export const LeaderboardEntrySchema = z
  .object({ rank: z.int(), memberId: z.uuid(), nickname: z.string(), points: z.int(), referralsMade: z.int(), badge: z.string().nullable() })
  .openapi("LeaderboardEntry");

export const LeaderboardQuery = z.object({
  view: z.enum(["month", "all-time"]).default("month").openapi({ description: "Points earned this month (the public default) or all time." }),
  limit: limit(100),
});

export const LeaderboardSchema = z
  .object({ view: z.enum(["month", "all-time"]), season: z.string().openapi({ example: "2026-11" }), data: z.array(LeaderboardEntrySchema) })
  .openapi("Leaderboard");

export const StandingSchema = z
  .object({ memberId: z.uuid(), rank: z.int(), of: z.int(), points: z.int(), pointsToPass: z.int().nullable() })
  .openapi("Standing");

export const ProductSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), price: z.number(), imageUrl: z.string().nullable(), purchaseLink: z.string().nullable() })
  .openapi("Product");

export const ProductListSchema = z.object({ data: z.array(ProductSchema) }).openapi("ProductList");

export const PublicSettingsSchema = z
  .object({
    siteName: z.string(),
    leaderboardVisible: z.boolean(),
    primaryBrandColor: z.string(),
    brandLogoUrl: z.string(),
    siteTimeZone: z.string(),
    referralCreditMode: z.enum(["confirm", "join"]),
  })
  .openapi("PublicSettings");

export const StatsSchema = z
  .object({ members: z.int(), confirmedMembers: z.int(), referredMembers: z.int(), products: z.int(), heldReferrals: z.int() })
  .openapi("Stats");

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.").openapi({ example: "2026-11-01" });
export const FunnelQuery = z.object({
  from: day.optional().openapi({ description: "First day (site calendar), default 29 days before `to`." }),
  to: day.optional().openapi({ description: "Last day, default today. At most 366 days in all." }),
});

const channel = z.enum(["copy", "facebook", "x", "linkedin", "email", ""]).openapi({ description: "The share channel; \"\" is links shared without one." });
export const FunnelSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    totals: z.object({ visits: z.int(), visitsWithRef: z.int(), joins: z.int(), confirmations: z.int(), shareClicks: z.int(), referredJoins: z.int(), referredConfirmations: z.int() }),
    steps: z.array(z.object({ label: z.string(), count: z.int(), conversion: z.number().nullable() })),
    kFactor: z.number().openapi({ description: "Referred confirmed joins ÷ joins in the range." }),
    channels: z.array(z.object({ channel, shareClicks: z.int(), visits: z.int(), referredJoins: z.int(), referredConfirmations: z.int(), kFactor: z.number() })),
    days: z.array(
      z.object({
        day: z.string(),
        visits: z.int(),
        visitsWithRef: z.int(),
        joins: z.int(),
        confirmations: z.int(),
        shareClicks: z.record(z.string(), z.int()),
        referredJoins: z.int(),
        referredConfirmations: z.int(),
      }),
    ),
  })
  .openapi("Funnel");

const productUrl = (message: string, pattern: RegExp) =>
  z.string().trim().max(2000, message).refine(...noControlCharacters).refine((value) => pattern.test(value), message).nullable();

export const ProductBodySchema = z
  .object({
    name: z.string().trim().min(1, "Product name is required").max(200, "Please keep the name under 200 characters").refine(...noControlCharacters),
    description: z.string().trim().max(2000, "Please keep the description under 2000 characters").refine(...noControlCharactersInText).default(""),
    price: z.number().min(0, "Price must be positive").max(999_999.99, "Price is too high").transform((value) => Math.round(value * 100) / 100),
    purchaseLink: productUrl("Enter a valid URL", PURCHASE_LINK_PATTERN).default(null),
    imageUrl: productUrl("Enter a valid image URL", /^(\/|https?:\/\/)/i).default(null),
  })
  .openapi("ProductInput");

export const ProductPatchSchema = ProductBodySchema.partial()
  .refine((change) => Object.keys(change).length > 0, "Send at least one field.")
  .openapi("ProductChange");

export const ReferralSchema = z
  .object({
    id: z.int(),
    referrerId: z.uuid(),
    referredId: z.uuid(),
    status: z.enum(["pending", "credited", "held", "rejected"]),
    reasons: z.array(z.string()),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .openapi("Referral");

export const ReferralListQuery = z.object({
  referrerId: z.uuid().optional(),
  status: z.enum(["pending", "credited", "held", "rejected"]).optional(),
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().openapi({ description: "The nextCursor of the previous page." }),
  limit: limit(50),
});

export const ReferralDecisionSchema = z
  .object({
    referrerId: z.uuid().openapi({ description: "The referrer whose held referrals are decided." }),
    referralId: z.int().positive().max(Number.MAX_SAFE_INTEGER).optional().openapi({ description: "One of them; without it, all of that referrer's held referrals." }),
    decision: z.enum(["approve", "reject"]).openapi({ description: "approve pays through the ledger (+10 and one referral to the referrer, +5 to the friend); reject records why." }),
    note: z.string().trim().max(500).refine(...noControlCharacters).default("").openapi({ description: "Why, for the audit trail." }),
  })
  .openapi("ReferralDecision");

export const ReferralDecisionResultSchema = z.object({ decided: z.int() }).openapi("ReferralDecisionResult");

export const ReferralListSchema = z.object({ data: z.array(ReferralSchema), nextCursor: z.int().nullable() }).openapi("ReferralList");

// .meta, not .openapi: schemas built with plain zod (shared with the admin forms) may be
// created before extendZodWithOpenApi runs, and then have no .openapi (zod 4 adds methods
// per instance).
export const AudienceApiSchema = AudienceSchema.meta({
  id: "Audience",
  description:
    "Who a wave invites or a broadcast goes to, by `kind`: confirmed (every confirmed member), top_all_time / top_month / first_joined with `count` (1–1,000,000), tag with `tag`, season_winners with `season` (YYYY-MM-01 of a season with confirmed winners), wave with `waveId`, members with `memberIds` (at most 100,000). Blocked members are never included.",
});

export const WaveBodySchema = z
  .object({
    name: z.string().trim().max(100).refine(...noControlCharacters).default("").openapi({ description: "Optional; \"Wave <id>\" when empty." }),
    audience: AudienceApiSchema,
  })
  .openapi("WaveInput");

export const WaveSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    audience: AudienceApiSchema,
    description: z.string().openapi({ example: "Top 3 of the all-time leaderboard" }),
    invitedCount: z.int(),
    admittedCount: z.int(),
    redemptionRate: z.number().openapi({ description: "admittedCount ÷ invitedCount, 0–1." }),
    rehearsal: z.boolean().openapi({ description: "Sent while rehearsal mode was on: its e-mails stayed in the back office." }),
    createdAt: z.iso.datetime(),
  })
  .openapi("Wave");

export const WaveListSchema = z.object({ data: z.array(WaveSchema), nextCursor: z.int().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last page." }) }).openapi("WaveList");

export const WaveListQuery = z.object({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().openapi({ description: "The nextCursor of the previous page." }),
  limit: limit(50),
});

export const WaveIdParams = z.object({ id: z.coerce.number({ message: "Not a wave id." }).int("Not a wave id.").positive("Not a wave id.").max(Number.MAX_SAFE_INTEGER).openapi({ param: { name: "id", in: "path" } }) });

export const WaveResultSchema = z
  .object({ wave: WaveSchema, invited: z.int(), skipped: z.int().openapi({ description: "Members of the audience a wave had invited already: never invited twice." }) })
  .openapi("WaveResult");

export const WavePreviewSchema = z
  .object({
    audience: AudienceApiSchema,
    description: z.string(),
    count: z.int().openapi({ description: "Everyone the audience holds now." }),
    alreadyInvited: z.int().openapi({ description: "Of them, those a wave invited already (they would be skipped)." }),
  })
  .openapi("WavePreview");
