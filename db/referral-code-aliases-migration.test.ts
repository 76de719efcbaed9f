import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations, migrationTags } from "./migration-steps";

// Migration 0023 (ADR 0042) on a database that has members with codes made from their
// addresses: every old code becomes an alias of its member, and every member gets a new
// random code. Run on a fresh in-memory PGlite, migration by migration, as the app applies them.

const ALIASES_MIGRATION = "0023_crew_names_random_codes";

describe("migration 0023: random referral codes, the old ones kept as aliases", () => {
  it("keeps every old code as an alias of its member and gives each member a new random code", async () => {
    const db = new PGlite();
    try {
      const tags = migrationTags();
      const at = tags.indexOf(ALIASES_MIGRATION);
      expect(at).toBeGreaterThan(0);
      await applyMigrations(db, tags.slice(0, at));
      const old = ["captai4k2x9q", "pixelp7h3m2a", "starsk9d8e1w"];
      for (const [index, code] of old.entries()) {
        await db.query("insert into waitlist_users (email, email_identity, referral_code) values ($1, $1, $2)", [`kid${index}@example.com`, code]);
      }
      await applyMigrations(db, tags.slice(at, at + 1));

      const members = (await db.query<{ id: string; referral_code: string; crew_name_roll: number }>("select id, referral_code, crew_name_roll from waitlist_users")).rows;
      const aliases = (await db.query<{ code: string; member_id: string }>("select code, member_id from referral_code_aliases order by code")).rows;
      expect(aliases.map((alias) => alias.code)).toEqual([...old].sort());
      for (const member of members) {
        expect(member.referral_code).toMatch(/^[0-9a-z]{12}$/);
        expect(old).not.toContain(member.referral_code);
        expect(member.crew_name_roll).toBe(0);
        expect(aliases.filter((alias) => alias.member_id === member.id)).toHaveLength(1);
      }
      expect(new Set(members.map((member) => member.referral_code)).size).toBe(members.length);
    } finally {
      await db.close();
    }
  }, 60_000);
});
