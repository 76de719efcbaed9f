import { describe, expect, it } from "vitest";
import { maskEmail, redactFields, redactText } from "./log.server";

describe("log redaction", () => {
  it("masks e-mail addresses and removes tokens from text", () => {
    expect(maskEmail("ada@example.com")).toBe("a***@example.com");
    expect(redactText("Failed query: insert ... params: kid.explorer@school.example,abc123")).toBe(
      "Failed query: insert ... params: k***@school.example,abc123",
    );
    expect(redactText("GET /api/auth/magic-link/verify?token=s3cr3t-T0ken&callbackURL=%2Fdashboard")).toBe(
      "GET /api/auth/magic-link/verify?token=[redacted]&callbackURL=%2Fdashboard",
    );
    expect(redactText("Authorization: Bearer abc.def.ghi")).toBe("Authorization: Bearer [redacted]");
  });

  it("keeps an error's cause chain, redacted", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "waitlist_users_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(captain.nova@example.com) already exists.",
    });
    const error = new Error("Failed query: insert into waitlist_users\nparams: captain.nova@example.com", { cause });
    const fields = redactFields({ error, requestId: "r-1" });
    const serialised = JSON.stringify(fields);
    expect(serialised).not.toContain("captain.nova@example.com");
    expect(fields).toMatchObject({
      requestId: "r-1",
      error: { message: "Failed query: insert into waitlist_users\nparams: c***@example.com", cause: { code: "23505", detail: "Key (email)=(c***@example.com) already exists." } },
    });
  });

  it("blanks fields named like secrets", () => {
    expect(redactFields({ token: "abc", headers: { cookie: "session=1", host: "x" } })).toEqual({ token: "[redacted]", headers: { cookie: "[redacted]", host: "x" } });
  });
});
