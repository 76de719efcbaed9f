// The server's translator (`i18nFor`) holds every catalog of a language at once, so a message
// id two catalogs share must read the same in both: otherwise one of them silently wins, and
// a page or an e-mail shows the other page's words (issue 31).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./catalogs.server";
import { LANGUAGES } from "../../kernel/i18n/languages";

const LOCALES = path.resolve(import.meta.dirname, "../../locales");

describe("the compiled catalogs", () => {
  it.each(LANGUAGES)("give each message one %s text, whichever catalogs list it", (language) => {
    const texts = new Map<string, Map<string, string[]>>();
    for (const file of fs.readdirSync(path.join(LOCALES, language)).filter((name) => name.endsWith(".json"))) {
      const { messages } = JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), "utf8")) as { messages: Record<string, unknown> };
      for (const [id, message] of Object.entries(messages)) {
        const byText = texts.get(id) ?? new Map<string, string[]>();
        const text = JSON.stringify(message);
        byText.set(text, [...(byText.get(text) ?? []), file]);
        texts.set(id, byText);
      }
    }
    const differing = [...texts].filter(([, byText]) => byText.size > 1).map(([id, byText]) => `${id}: ${[...byText.values()].map((files) => files.join("+")).join(" / ")}`);
    expect(differing).toEqual([]);
  });
});

describe("the catalogs the server knows", () => {
  it("are lingui.config.ts's, in every language the site speaks, each compiled", async () => {
    const { default: config } = await import("../../../lingui.config");
    expect([...(config.locales ?? [])].sort()).toEqual([...LANGUAGES].sort());
    const configured = (config.catalogs ?? []).map((catalog) => path.basename(catalog.path));
    expect([...NAMESPACES].sort()).toEqual([...configured].sort());
    const missing = LANGUAGES.flatMap((language) => NAMESPACES.filter((name) => !fs.existsSync(path.join(LOCALES, language, `${name}.json`))).map((name) => `${language}/${name}`));
    expect(missing).toEqual([]);
  });
});
