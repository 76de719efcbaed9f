// The server's translator (`i18nFor`) holds every catalog of a language at once, so a message
// id two catalogs share must read the same in both: otherwise one of them silently wins, and
// a page or an e-mail shows the other page's words (issue 31).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";

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
