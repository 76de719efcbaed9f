import { describe, expect, it } from "vitest";
import { renderMemberAvatar } from "./avatar.server";

const ID = "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b";

describe("member avatars", () => {
  it("are SVG drawn from the member id, the same every time", () => {
    const svg = renderMemberAvatar(ID);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(renderMemberAvatar(ID.toUpperCase())).toBe(svg);
    expect(renderMemberAvatar("9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d")).not.toBe(svg);
  });

  it("never embed the id, and refuse anything that is not a member id", () => {
    expect(renderMemberAvatar(ID)).not.toContain(ID);
    expect(renderMemberAvatar("kid@example.com")).toBeNull();
  });
});
