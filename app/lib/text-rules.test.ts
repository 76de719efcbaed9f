import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { contentFormSchema } from "./content/content.schema";
import { CONTENT_NAMES } from "./content/content-fields";
import { ContactInputSchema } from "./email/contact.schema";
import { PointsAdjustmentSchema } from "./points/points.schema";
import { ProductActionSchema } from "./products/product.schema";
import { ReferralAdminSchema } from "./referrals/referral-admin.schema";
import { SiteSettingsFormSchema, SocialSettingsFormSchema, VideoSettingsFormSchema } from "./settings/settings.schema";
import { MemberChangeSchema } from "./waitlist/member-admin.schema";
import { CONTROL_CHARACTERS_MESSAGE } from "./text-rules";

type Case = { schema: z.ZodType; valid: Record<string, unknown>; singleLine: string[]; multiLine: string[] };

const CASES: Record<string, Case> = {
  contact: {
    schema: ContactInputSchema,
    valid: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" },
    singleLine: ["name", "subject"],
    multiLine: ["message"],
  },
  product: {
    schema: ProductActionSchema,
    valid: { intent: "save", id: "p1", name: "Cap", description: "Warm", price: "10", purchaseLink: "https://shop.example/cap", imageUrl: "/uploads/a.png" },
    singleLine: ["id", "name", "price", "purchaseLink", "imageUrl"],
    multiLine: ["description"],
  },
  "member notes": { schema: MemberChangeSchema, valid: { intent: "notes", memberId: "m1", notes: "ok" }, singleLine: ["memberId"], multiLine: ["notes"] },
  "member tags": { schema: MemberChangeSchema, valid: { intent: "tags", memberId: "m1", tags: "vip" }, singleLine: [], multiLine: ["tags"] },
  points: { schema: PointsAdjustmentSchema, valid: { memberId: "m1", points: "5" }, singleLine: ["memberId"], multiLine: [] },
  referrals: { schema: ReferralAdminSchema, valid: { intent: "reset", memberId: "m1" }, singleLine: ["memberId"], multiLine: [] },
  "site settings": { schema: SiteSettingsFormSchema, valid: { brandLogoUrl: "/logo.png", primaryBrandColor: "#F8A719" }, singleLine: ["brandLogoUrl", "primaryBrandColor", "sessionTimeoutMinutes"], multiLine: [] },
  "video settings": { schema: VideoSettingsFormSchema, valid: {}, singleLine: ["homepageVideoUrl", "homepageVideoThumbnailUrl"], multiLine: [] },
  "social settings": {
    schema: SocialSettingsFormSchema,
    valid: { socialSharingOgTitle: "Join" },
    singleLine: ["socialSharingOgTitle", "socialSharingImageUrl", "facebook", "twitter", "instagram", "linkedin"],
    multiLine: ["socialSharingOgDescription"],
  },
  content: { schema: contentFormSchema(CONTENT_NAMES), valid: {}, singleLine: [], multiLine: [...CONTENT_NAMES] },
};

const HOSTILE = ["a\u0000b", "\u0000", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b"];

function messagesFor(schema: z.ZodType, input: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe.each(Object.entries(CASES))("%s form", (_name, { schema, valid, singleLine, multiLine }) => {
  it("accepts its valid input", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each([...singleLine, ...multiLine])("refuses NUL and other control characters in %s with a clear message", (field) => {
    for (const value of HOSTILE) {
      expect(messagesFor(schema, { ...valid, [field]: value }, field)).toContain(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it.each(singleLine)("refuses a line break or tab inside one-line %s", (field) => {
    expect(messagesFor(schema, { ...valid, [field]: "a\nb" }, field)).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(messagesFor(schema, { ...valid, [field]: "a\tb" }, field)).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it.each(multiLine)("keeps tabs and line breaks in multi-line %s", (field) => {
    expect(messagesFor(schema, { ...valid, [field]: "line one\r\n\tline two" }, field)).not.toContain(CONTROL_CHARACTERS_MESSAGE);
  });
});
