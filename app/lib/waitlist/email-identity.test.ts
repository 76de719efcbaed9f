import { describe, expect, it } from "vitest";
import { emailIdentity } from "./email-identity";

describe("the person behind an address", () => {
  it("ignores case, +tags on every domain, and gmail's dots and second domain", () => {
    expect(emailIdentity(" Ada@Example.com ")).toBe("ada@example.com");
    expect(emailIdentity("ada+win@example.com")).toBe("ada@example.com");
    expect(emailIdentity("a+1@gmail.com")).toBe("a@gmail.com");
    expect(emailIdentity("a.b@gmail.com")).toBe(emailIdentity("ab@googlemail.com"));
    expect(emailIdentity("A.B+x@GoogleMail.com")).toBe("ab@gmail.com");
  });

  it("keeps dots outside gmail, and a local part that is only a tag", () => {
    expect(emailIdentity("a.b@example.com")).toBe("a.b@example.com");
    expect(emailIdentity("+only@example.com")).toBe("+only@example.com");
  });
});
