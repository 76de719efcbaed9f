import { describe, expect, it } from "vitest";
import { pageLanguage } from "./request-language.server";

const page = (url: string, cookieHeader: string | null, acceptLanguage: string | null) => pageLanguage({ url, cookieHeader, acceptLanguage });

describe("the language a page is given in", () => {
  it("is the browser's, until the visitor chooses", () => {
    expect(page("http://localhost/", null, "es-MX,es;q=0.9")).toBe("es");
    expect(page("http://localhost/", null, "fr-FR")).toBe("en");
    expect(page("http://localhost/", null, null)).toBe("en");
  });

  it("is the visitor's choice over the browser's, and a link's `?lang=` over both", () => {
    expect(page("http://localhost/", "lc_lang=en", "es-MX")).toBe("en");
    expect(page("http://localhost/", "theme=x; lc_lang=es", "en-US")).toBe("es");
    expect(page("http://localhost/leaderboard?lang=es", "lc_lang=en", "en-US")).toBe("es");
    expect(page("/join-waitlist?lang=en", null, "es")).toBe("en");
  });

  it("is English in the back office, whatever the visitor chose", () => {
    expect(page("http://localhost/admin/members?lang=es", "lc_lang=es", "es-MX")).toBe("en");
    expect(page("http://localhost/admin", null, "es-MX")).toBe("en");
    expect(page("http://localhost/administrators", null, "es-MX")).toBe("es");
  });

  it("ignores a language the site does not speak, wherever it is named", () => {
    expect(page("http://localhost/?lang=fr", "lc_lang=de", "es")).toBe("es");
    expect(page("http://localhost/?lang=%00%FF", "lc_lang=%E0%A4%A", "x".repeat(5000))).toBe("en");
  });
});
