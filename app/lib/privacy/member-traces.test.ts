import { describe, expect, it } from "vitest";
import { ERASED_VALUE, mentions, scrubJson, tracesOf } from "./member-traces";

const traces = tracesOf({ id: "5c0c3c6e-0000-4000-8000-000000000001", email: "Maya.Jones2014+win@Example.com", emailIdentity: "maya.jones2014@example.com" });

describe("a member's traces", () => {
  it("are the address, its identity and their local parts, lower-case", () => {
    expect(traces.needles).toEqual(["maya.jones2014+win@example.com", "maya.jones2014@example.com", "maya.jones2014+win", "maya.jones2014"]);
    const moving = tracesOf({ id: "x", email: "ada@example.com", emailIdentity: "ada@example.com" }, ["Ada.New@Example.net"]);
    expect(moving.addresses).toEqual(["ada@example.com", "ada.new@example.net"]);
    expect(moving.needles).toEqual(["ada@example.com", "ada.new@example.net", "ada.new"]);
    expect(tracesOf({ id: "x", email: "al@example.com", emailIdentity: "al@example.com" }).needles).toEqual(["al@example.com"]);
    expect(mentions("Wrote in as MAYA.JONES2014 yesterday", traces.needles)).toBe(true);
    expect(mentions("comet.kid", traces.needles)).toBe(false);
  });

  it("are scrubbed from JSON strings and keys, keeping the shape and other values", () => {
    const { value, changed } = scrubJson({ email: "maya.jones2014@example.com", points: 12, tags: ["superfan", "maya.jones2014"], nested: { "maya.jones2014@example.com": true } }, traces.needles);
    expect(changed).toBe(true);
    expect(value).toEqual({ email: ERASED_VALUE, points: 12, tags: ["superfan", ERASED_VALUE], nested: { [`${ERASED_VALUE}0`]: true } });
    expect(scrubJson({ points: 3 }, traces.needles)).toEqual({ value: { points: 3 }, changed: false });
  });
});
