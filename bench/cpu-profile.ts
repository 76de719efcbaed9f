// A V8 CPU profile as `node --cpu-prof` writes it (BENCH_CPU_PROFILE, bench/app-process.ts):
// what bench/cpu-profile-top.ts and bench/cpu-profile-tree.ts read.
import fs from "node:fs";

export type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export function readProfile(file: string): Profile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
}
