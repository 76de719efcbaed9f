import { closeDatabase, migrateDatabase } from "../app/lib/db.server";
import { seedDemoContent } from "./seed";

await migrateDatabase();
await seedDemoContent();
await closeDatabase();
console.log("Seeded demo content.");
