// A CPU profile as a text flame graph: the call tree from the top, each frame with the
// share of samples spent in it and below, frames under MIN_PERCENT (default 1) left out.
// Idle time and the V8 sampler's own frames are not counted, so shares are of busy time.
// Profile the app under the sign-up bench with BENCH_CPU_PROFILE=dir (see bench/app-process.ts), then
//   npx tsx bench/cpu-profile-tree.ts dir/CPU.*.cpuprofile [MIN_PERCENT] [FROM_FUNCTION]
// FROM_FUNCTION (e.g. "answer") prints only the subtrees rooted at frames of that name.
// Note: the samples are taken on a wall-clock timer, so a frame that writes to a socket
// also collects the time the process waited for the CPU after waking the reader.
import { readProfile, type ProfileNode } from "./cpu-profile";

const [file, minPercentArg = "1", fromFunction] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx bench/cpu-profile-tree.ts <file.cpuprofile> [MIN_PERCENT] [FROM_FUNCTION]");
const minPercent = Number(minPercentArg);
const profile = readProfile(file);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const IDLE = new Set(["(idle)", "(program)"]);

const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));

const totalMs = new Map<number, number>();
function sumBelow(node: ProfileNode): number {
  const own = IDLE.has(node.callFrame.functionName) ? 0 : (selfMs.get(node.id) ?? 0);
  const total = own + (node.children ?? []).reduce((sum, child) => sum + sumBelow(nodes.get(child)!), 0);
  totalMs.set(node.id, total);
  return total;
}
const root = profile.nodes[0]!;
const busyMs = sumBelow(root);

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\/server\//, "build/");
  return `${functionName || "(anonymous)"}${where ? ` ${where}:${lineNumber + 1}` : ""}`;
}

function print(node: ProfileNode, depth: number) {
  const share = (100 * totalMs.get(node.id)!) / busyMs;
  if (share < minPercent) return;
  console.log(`${"  ".repeat(depth)}${share.toFixed(1).padStart(5)}%  ${label(node)}`);
  const children = (node.children ?? []).map((id) => nodes.get(id)!).sort((a, b) => totalMs.get(b.id)! - totalMs.get(a.id)!);
  for (const child of children) print(child, depth + 1);
}

function roots(node: ProfileNode): ProfileNode[] {
  if (node.callFrame.functionName === fromFunction) return [node];
  return (node.children ?? []).flatMap((id) => roots(nodes.get(id)!));
}

console.log(`busy: ${busyMs.toFixed(0)} ms sampled`);
for (const start of fromFunction ? roots(root) : [root]) print(start, 0);
