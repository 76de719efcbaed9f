// Issue 31's catalog check (part of `npm run lint`): every message in the code is in the
// catalogs, every catalog message is still in the code, every Spanish message is translated,
// and the compiled JSON the server reads is the catalogs' own. It runs the same extract and
// compile a developer runs, then asks git whether anything under app/locales changed.
import { execFileSync } from "node:child_process";

const run = (args) => execFileSync("npx", ["lingui", ...args], { stdio: ["ignore", "pipe", "inherit"] }).toString();

run(["extract", "--clean"]);
try {
  run(["compile", "--strict"]);
} catch {
  console.error("A message has no Spanish translation: fill in its msgstr in app/locales/es/*.po.");
  process.exit(1);
}
// Against git's index: what the checkout holds, or what a developer has staged.
const git = (args) => execFileSync("git", args).toString().trim();
const changed = [git(["diff", "--name-only", "--", "app/locales"]), git(["ls-files", "--others", "--exclude-standard", "--", "app/locales"])].filter(Boolean).join("\n");
if (changed) {
  console.error(`The catalogs are not those of the code. Run \`npm run i18n:extract\`, translate, \`npm run i18n:compile\`, and commit:\n${changed}`);
  process.exit(1);
}
console.log("catalogs: every message extracted, translated and compiled");
