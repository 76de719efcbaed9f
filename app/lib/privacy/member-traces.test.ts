import { describe, expect, it } from "vitest";
import { ERASED_VALUE, isOneOf, scrubJson, tracesOf } from "./member-traces";

const traces = tracesOf({ id: "5c0c3c6e-0000-4000-8000-000000000001", email: "Maya.Jones2014+win@Example.com", emailIdentity: "maya.jones2014@example.com" });

describe("a member's traces", () => {
  it("are the whole address and its identity, lower-case, never a local part", () => {
    expect(traces.addresses).toEqual(["maya.jones2014+win@example.com", "maya.jones2014@example.com"]);
    expect(traces.identities).toEqual(["maya.jones2014@example.com"]);
    expect(isOneOf(" MAYA.JONES2014@example.com", traces.addresses)).toBe(true);
    // A text that holds the address, or its local part, is not the address.
    expect(isOneOf("Wrote in as maya.jones2014@example.com yesterday", traces.addresses)).toBe(false);
    expect(isOneOf("maya.jones2014", traces.addresses)).toBe(false);
  });

  it("are scrubbed from JSON values that are the address, keeping other keys, the shape and every other value", () => {
    const mail = tracesOf({ id: "x", email: "mail@family.example", emailIdentity: "mail@family.example" });
    const { value, changed } = scrubJson(
      { email: "Mail@Family.example", points: 12, tags: ["superfan", "mail"], note: "Your e-mail: mail@family.example", nested: { "mail@family.example": true, crewName: "mail" } },
      mail.addresses,
    );
    expect(changed).toBe(true);
    expect(value).toEqual({ email: ERASED_VALUE, points: 12, tags: ["superfan", "mail"], note: "Your e-mail: mail@family.example", nested: { [`${ERASED_VALUE}0`]: true, crewName: "mail" } });
    expect(scrubJson({ points: 3, text: "mail" }, mail.addresses)).toEqual({ value: { points: 3, text: "mail" }, changed: false });
  });
});
