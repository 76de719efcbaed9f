import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations, migrationTags } from "./migration-steps";

// Migration 0041 (ADR 0076) on a database with broadcasts from before it: each Spanish version
// (the subject_es and html_es columns) becomes the broadcast's Spanish translation, and a
// broadcast without one gets none. Run on a fresh in-memory PGlite, migration by migration.

const TRANSLATIONS_MIGRATION = "0041_broadcast_translations";

describe("migration 0041: a broadcast's translations in rows of their own", () => {
  it("moves each Spanish version into a translation and leaves English-only broadcasts without one", async () => {
    const db = new PGlite();
    try {
      const tags = migrationTags();
      const at = tags.indexOf(TRANSLATIONS_MIGRATION);
      expect(at).toBeGreaterThan(0);
      await applyMigrations(db, tags.slice(0, at));
      const insert = "insert into broadcasts (subject, html, subject_es, html_es, audience, status, audience_count) values ($1, $2, $3, $4, '{\"kind\":\"confirmed\"}', 'finished', 1) returning id";
      const bilingual = (await db.query<{ id: number }>(insert, ["Launch day!", "<p>It is here.</p>", "¡Llegó el día!", "<p>Ya está aquí.</p>"])).rows[0]!.id;
      const englishOnly = (await db.query<{ id: number }>(insert, ["News", "<p>News.</p>", null, null])).rows[0]!.id;
      await applyMigrations(db, tags.slice(at, at + 1));

      const rows = (await db.query("select broadcast_id, language, subject, html from broadcast_translations order by broadcast_id")).rows;
      expect(rows).toEqual([{ broadcast_id: bilingual, language: "es", subject: "¡Llegó el día!", html: "<p>Ya está aquí.</p>" }]);
      const kept = (await db.query("select id, subject, html from broadcasts order by id")).rows;
      expect(kept).toEqual([
        { id: bilingual, subject: "Launch day!", html: "<p>It is here.</p>" },
        { id: englishOnly, subject: "News", html: "<p>News.</p>" },
      ]);
      const columns = (await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'broadcasts' and column_name like '%\\_es'")).rows;
      expect(columns).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
