// Records the SHA-256 of each new migration in db/migration-checksums.json, after
// `drizzle-kit generate`. A recorded checksum is never rewritten: a committed migration is
// history (ADR 0034), and tests/migrations.test.ts fails when one has been edited.
import { createHash } from "node:crypto";
import fs from "node:fs";

const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8"));
const file = "db/migration-checksums.json";
const recorded = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
for (const { tag } of journal.entries) {
  if (recorded[tag]) continue;
  recorded[tag] = createHash("sha256").update(fs.readFileSync(`db/migrations/${tag}.sql`)).digest("hex");
  console.log(`recorded ${tag}`);
}
fs.writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
