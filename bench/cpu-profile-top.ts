// Where a CPU profile's time went: self time by function and by package, heaviest first.
// Profile the app under the sign-up bench with BENCH_CPU_PROFILE=dir (bench/signup-http.ts
// passes --cpu-prof to the workers), then
//   npx tsx bench/cpu-profile-top.ts dir/*.cpuprofile
import { readProfile, type ProfileNode } from "./cpu-profile";

const selfMs = new Map<number, number>();
const nodes = new Map<number, ProfileNode>();
let totalMs = 0;
for (const file of process.argv.slice(2)) {
  const profile = readProfile(file);
  const offset = nodes.size * 10;
  for (const node of profile.nodes) nodes.set(node.id + offset * 1000, node);
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    totalMs += ms;
    const key = id + offset * 1000;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
  });
}

function packageOf(url: string): string {
  if (!url) return "(native / V8)";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith("node:")) return "node core";
  if (url.includes("/build/server/")) return "app (build/server)";
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const name = `${functionName || "(anonymous)"} ${packageOf(url)}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + ms);
}

const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `${((100 * ms) / totalMs).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${name}`);

console.log(`total sampled: ${totalMs.toFixed(0)} ms\n\nself time by package:\n${top(byPackage, 15).join("\n")}\n\nself time by function:\n${top(byFunction, 25).join("\n")}`);
