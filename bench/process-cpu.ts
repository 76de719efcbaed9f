// CPU time of processes, read from /proc (Linux): what the app's processes, PostgreSQL's and
// the load generator each spent during a bench run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

type ProcessStat = { pid: number; parentPid: number; cpuSeconds: number };

function readStat(pid: number): ProcessStat | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime + stime, and cutime + cstime: the children it has reaped. PostgreSQL's backends end
    // with their connections, and without their time (in the postmaster's) a run's CPU came out negative.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { pid, parentPid: Number(fields[1]), cpuSeconds: ticks / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

function allProcesses(): ProcessStat[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcessStat => stat !== null);
}

/** User + system CPU seconds of `rootPid` and all its descendants, living or reaped, as they are now. */
export function treeCpuSeconds(rootPid: number): number {
  const processes = allProcesses();
  const children = new Map<number, ProcessStat[]>();
  for (const stat of processes) children.set(stat.parentPid, [...(children.get(stat.parentPid) ?? []), stat]);
  let total = 0;
  const pending = processes.filter((stat) => stat.pid === rootPid);
  for (let stat = pending.pop(); stat; stat = pending.pop()) {
    total += stat.cpuSeconds;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

/** This process's user + system CPU seconds. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
