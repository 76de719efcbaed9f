import fs from "node:fs";
import path from "node:path";

// Issue 31: what a Spanish page must not show, for the integration and end-to-end checks.
const LOCALES = path.resolve(import.meta.dirname, "../app/locales");

type Catalog = { messages: Record<string, unknown> };
const catalog = (language: string, namespace: string): Catalog =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Catalog;

/** The English messages of these catalogs that Spanish says differently (and that have nothing to fill in). */
export function englishOnly(...namespaces: string[]): Set<string> {
  const english = new Set<string>();
  for (const namespace of namespaces) {
    const [en, es] = [catalog("en", namespace), catalog("es", namespace)];
    for (const id of Object.keys(en.messages)) {
      if (JSON.stringify(en.messages[id]) !== JSON.stringify(es.messages[id]) && !id.includes("{")) english.add(id);
    }
  }
  return english;
}
