import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formParser } from "~/components/schema-parsing";
import { LOGIN_FORM_CONSTRAINTS } from "~/lib/auth/login-form";
import { LoginInputSchema } from "~/lib/auth/login.schema";
import { CONTACT_FORM_CONSTRAINTS } from "~/lib/email/contact-form";
import { ContactInputSchema } from "~/lib/email/contact.schema";
import { EMAIL_REQUIRED_MESSAGE } from "~/lib/email/email-messages";
import { CLAIM_AGE_CONSTRAINTS, SHIPPING_ADDRESS_CONSTRAINTS } from "~/lib/prizes/prize-claim-form";
import { ClaimAgeSchema, ShippingAddressSchema } from "~/lib/prizes/prize-claim.schema";
import { JOIN_FORM_CONSTRAINTS } from "~/lib/waitlist/join-form";
import { JoinFormSchema, JoinInputSchema } from "~/lib/waitlist/waitlist.schema";

// The public forms render their constraints before Zod loads (ADR 0025): the copies must
// say what Conform derives from the schemas their actions parse with.
describe("the public forms' constraints", () => {
  it.each([
    ["join", JOIN_FORM_CONSTRAINTS, JoinFormSchema],
    ["sign-in", LOGIN_FORM_CONSTRAINTS, LoginInputSchema],
    ["contact", CONTACT_FORM_CONSTRAINTS, ContactInputSchema],
    ["prize claim address", SHIPPING_ADDRESS_CONSTRAINTS, ShippingAddressSchema],
    ["prize claim age", CLAIM_AGE_CONSTRAINTS, ClaimAgeSchema],
  ] as const)("the %s form's match its schema", (_form, constraints, schema) => {
    expect(constraints).toEqual(getZodConstraint(schema));
  });
});

describe("formParser", () => {
  it("reads a form with the schema's own messages", () => {
    const parse = formParser(JoinInputSchema);
    const empty = new FormData();
    empty.set("email", "  ");
    const refused = parse(empty);
    expect(refused.status === "error" && refused.error?.email).toEqual([EMAIL_REQUIRED_MESSAGE]);
    const good = new FormData();
    good.set("email", " kid@example.com ");
    const submission = parse(good);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.email).toBe("kid@example.com");
  });
});
