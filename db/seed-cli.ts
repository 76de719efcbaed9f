import { closeDatabase, migrateDatabase } from "../app/kernel/db.server";
import { seedDemoContent } from "./seed";

await migrateDatabase();
await seedDemoContent();
await closeDatabase();
console.log("Seeded demo content.");
