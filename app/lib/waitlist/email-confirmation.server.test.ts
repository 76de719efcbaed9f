import { describe, expect, it } from "vitest";
import { createEmailConfirmationToken, readEmailConfirmationToken } from "./email-confirmation.server";

describe("e-mail confirmation tokens", () => {
  // On PGlite the tests' database is in memory, where no secret is stored on disk.
  it("verify later in the same process", () => {
    const token = createEmailConfirmationToken("member-1");
    expect(readEmailConfirmationToken(token)).toBe("member-1");
  });

  it("refuse a token that was changed", () => {
    const token = createEmailConfirmationToken("member-1");
    expect(readEmailConfirmationToken(token.replace("member-1", "member-2"))).toBeNull();
    expect(readEmailConfirmationToken("member-1")).toBeNull();
  });
});
