import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADVISORY_LOCKS } from "./advisory-locks";

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, "../../db/functions");
const ADVISORY_CALL = /pg_(?:try_)?advisory_(?:xact_)?lock(?:_shared)?\s*\(\s*([^,)]+)/gi;

/** Every advisory lock a database function takes, as written: the file and its first key. */
function locksInFunctions() {
  return fs.readdirSync(FUNCTIONS_DIR).flatMap((file) =>
    [...fs.readFileSync(path.join(FUNCTIONS_DIR, file), "utf8").matchAll(ADVISORY_CALL)].map((match) => ({ file, key: match[1]!.trim() })),
  );
}

describe("the advisory locks", () => {
  it("have a number each, none shared", () => {
    const numbers = Object.values(ADVISORY_LOCKS);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("are the only numbers the database functions lock, and the claims share the rehearsal switch's", () => {
    const locks = locksInFunctions();
    const known = new Set<string>(Object.values(ADVISORY_LOCKS).map(String));
    expect(locks.filter(({ key }) => !known.has(key))).toEqual([]);
    const switchKey = String(ADVISORY_LOCKS.rehearsalSwitch);
    expect(locks.filter(({ key }) => key === switchKey).map(({ file }) => file).sort()).toEqual(["broadcast_claim_batch.sql", "email_outbox_claim.sql"]);
  });
});
