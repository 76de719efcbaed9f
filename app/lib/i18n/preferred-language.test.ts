import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./preferred-language.server";

describe("preferredLanguage", () => {
  it("gives Spanish to a browser that prefers any Spanish", () => {
    expect(preferredLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLanguage("es-419")).toBe("es");
    expect(preferredLanguage("ES")).toBe("es");
    expect(preferredLanguage("fr-FR,fr;q=0.9,es;q=0.5,en;q=0.1")).toBe("es");
  });

  it("gives English to an English browser, to one that names neither language, and without a header", () => {
    expect(preferredLanguage("en-US,en;q=0.9")).toBe("en");
    expect(preferredLanguage("en-GB,es;q=0.5")).toBe("en");
    expect(preferredLanguage("fr-FR")).toBe("en");
    expect(preferredLanguage("*")).toBe("en");
    expect(preferredLanguage("")).toBe("en");
    expect(preferredLanguage(null)).toBe("en");
  });

  it("survives malformed and oversized headers", () => {
    for (const header of [";;;", "es;q=abc", "q=1", "\u0000es", "es".repeat(100_000), "x-".repeat(50_000) + "es", "😀"]) {
      expect(["en", "es"]).toContain(preferredLanguage(header));
    }
  });
});
