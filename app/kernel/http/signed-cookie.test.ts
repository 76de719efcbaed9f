import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "./signed-cookie.server";

const options = { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: 3600, secure: true };
const secret = "a-secret-of-forty-three-characters-or-so-xx";

/** The name=value pair of a Set-Cookie line, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("signed cookies", () => {
  const ours = createSignedCookie("lc_ref", { ...options, secrets: [secret] });
  const reactRouters = createCookie("lc_ref", { ...options, secrets: [secret] });

  it.each([
    ["a member's id", "0b6f6f3e-8d0c-4c55-9f0e-2b1f0f1c9a11"],
    ["a referral", { code: "sam-2f9a", via: "whatsapp" }],
    ["unicode", { code: "zoë-🚀" }],
  ])("writes exactly React Router's cookie for %s, and each reads the other's", async (_what, value) => {
    const written = await ours.serialize(value);
    expect(written).toBe(await reactRouters.serialize(value));
    expect(await reactRouters.parse(sentBack(written))).toEqual(value);
    expect(await ours.parse(sentBack(await reactRouters.serialize(value)))).toEqual(value);
  });

  it("refuses a changed value, a changed signature, another secret's signature and an unsigned value", async () => {
    const [name, value] = sentBack(await ours.serialize({ code: "sam-2f9a", via: null })).split("=") as [string, string];
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf(".");
    const forgedPayload = Buffer.from(JSON.stringify({ code: "mallory", via: null })).toString("base64");
    const otherSecret = await createSignedCookie("lc_ref", { secrets: ["another secret"] }).serialize({ code: "sam-2f9a", via: null });

    for (const header of [
      `${name}=${encodeURIComponent(`${forgedPayload}${signed.slice(dot)}`)}`,
      `${name}=${encodeURIComponent(`${signed.slice(0, dot)}.AAAA${signed.slice(dot + 5)}`)}`,
      sentBack(otherSecret),
      `${name}=${encodeURIComponent(forgedPayload)}`,
    ]) {
      expect(await ours.parse(header)).toBeNull();
    }
  });

  it("signs with the newest secret and still reads cookies signed with an older one", async () => {
    const before = createSignedCookie("lc_member", { secrets: ["old secret"] });
    const rotated = createSignedCookie("lc_member", { secrets: ["new secret", "old secret"] });
    expect(await rotated.parse(sentBack(await before.serialize("member-1")))).toBe("member-1");
    const newCookie = sentBack(await rotated.serialize("member-2"));
    expect(await before.parse(newCookie)).toBeNull();
    expect(await rotated.parse(newCookie)).toBe("member-2");
  });

  it("reads an absent cookie as null and clears with an empty value", async () => {
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("other=1")).toBeNull();
    const cleared = await ours.serialize("", { maxAge: 0 });
    expect(cleared).toBe(await reactRouters.serialize("", { maxAge: 0 }));
    expect(cleared).toBe("lc_ref=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(await ours.parse(sentBack(cleared))).toBe("");
  });
});
