import { describe, expect, it } from "vitest";
import { LoginInputSchema } from "../auth/login.schema";
import { JoinInputSchema } from "../waitlist/waitlist.schema";
import { ContactInputSchema } from "./contact.schema";
import { EMAIL_TABLE } from "../../../tests/email-addresses";
import { isEmailAddress } from "./email-address.schema";
import { EMAIL_INVALID_MESSAGE, EMAIL_MISSING_MESSAGE, EMAIL_REQUIRED_MESSAGE } from "./email-messages";


const join = (email: string) => JoinInputSchema.safeParse({ email });
const login = (email: string) => LoginInputSchema.safeParse({ email });
const contact = (email: string) => ContactInputSchema.safeParse({ name: "Ada", email, subject: "Hi", message: "Hello" });

describe("the one e-mail rule", () => {
  it.each(EMAIL_TABLE)("%s → accepted: %s, by join, login and contact alike", (email, accepted) => {
    expect(join(email).success).toBe(accepted);
    expect(login(email).success).toBe(accepted);
    expect(contact(email).success).toBe(accepted);
    expect(isEmailAddress(email)).toBe(accepted);
  });

  it("keeps each form's own required message and one invalid message", () => {
    expect(join("").error?.issues[0]?.message).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(login("  ").error?.issues[0]?.message).toBe(EMAIL_MISSING_MESSAGE);
    expect(contact("").error?.issues.find((issue) => issue.path[0] === "email")?.message).toBe(EMAIL_MISSING_MESSAGE);
    expect(JoinInputSchema.safeParse({}).error?.issues[0]?.message).toBe(EMAIL_REQUIRED_MESSAGE);
    for (const parse of [join, login, contact]) {
      expect(parse("josé@example.com").error?.issues.find((issue) => issue.path[0] === "email")?.message).toBe(EMAIL_INVALID_MESSAGE);
    }
    expect(EMAIL_REQUIRED_MESSAGE).toBe("Email address is required.");
    expect(EMAIL_MISSING_MESSAGE).toBe("Please enter your email address.");
    expect(EMAIL_INVALID_MESSAGE).toBe("Please enter a valid email address.");
  });

  it("hands the trimmed address on", () => {
    expect(join("  ada@example.com ").data?.email).toBe("ada@example.com");
  });
});
