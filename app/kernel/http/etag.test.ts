import { describe, expect, it } from "vitest";
import { isNoneMatch } from "./etag";

describe("If-None-Match", () => {
  it("matches the tag alone, in a list, weakly, or *; nothing else", () => {
    const etag = '"3f9a0c1d2e4b5a69"';
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, "*"]) expect(isNoneMatch(header, etag), header).toBe(true);
    for (const header of [null, "", '"other"', "3f9a0c1d2e4b5a69", '"3f9a0c1d2e4b5a6"']) expect(isNoneMatch(header, etag), String(header)).toBe(false);
  });
});
