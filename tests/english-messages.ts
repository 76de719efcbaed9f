import fs from "node:fs";
import path from "node:path";

// Issue 31: what a Spanish page must not show, for the integration and end-to-end checks.
const LOCALES = path.resolve(import.meta.dirname, "../app/locales");

type Catalog = { messages: Record<string, unknown> };
const catalog = (language: string, namespace: string): Catalog =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Catalog;

/** A message's placeholders (`{name}`) and tags (`<0>`, `</0>`, `<1/>`): where its text is cut into pieces on a page. */
const CUTS = /\{[^}]*\}|<\/?\d+\/?>/g;
const isWhole = (id: string) => !new RegExp(CUTS.source).test(id);

/** The English messages of these catalogs that Spanish says differently (and that have nothing to fill in or mark up). */
export function englishOnly(...namespaces: string[]): Set<string> {
  const english = new Set<string>();
  for (const namespace of namespaces) {
    const [en, es] = [catalog("en", namespace), catalog("es", namespace)];
    for (const id of Object.keys(en.messages)) {
      if (JSON.stringify(en.messages[id]) !== JSON.stringify(es.messages[id]) && isWhole(id)) english.add(id);
    }
  }
  return english;
}

/**
 * The English words of these catalogs' messages that have something to fill in or mark up,
 * cut at each `{placeholder}` and `<0>` tag: the longer pieces (a sentence's worth) that a
 * translated text must not hold.
 */
export function englishFragments(...namespaces: string[]): Set<string> {
  const fragments = new Set<string>();
  for (const namespace of namespaces) {
    const [en, es] = [catalog("en", namespace), catalog("es", namespace)];
    for (const id of Object.keys(en.messages)) {
      if (isWhole(id) || JSON.stringify(en.messages[id]) === JSON.stringify(es.messages[id])) continue;
      for (const piece of id.split(CUTS)) if (piece.trim().length >= 16) fragments.add(piece.trim());
    }
  }
  return fragments;
}
