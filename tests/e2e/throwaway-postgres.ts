// A private PostgreSQL 15 cluster for fault tests (restarts), run as the postgres user
// in a temp directory on a spare port. Never touches the machine's shared cluster.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type ThrowawayCluster = {
  url: string;
  /** The same database through the cluster's Unix socket (no TCP). */
  socketUrl: string;
  restart: () => Promise<void>;
  stop: () => void;
  /** The postmaster's pid (its children are the server's other processes). */
  postmasterPid: () => number;
};

/** Why a throwaway cluster cannot run here, or null when it can. */
export function throwawayClusterUnavailable(): string | null {
  if (!fs.existsSync(path.join(BIN, "initdb"))) return `no PostgreSQL binaries in ${BIN}`;
  if (spawnSync("id", ["postgres"]).status !== 0) return "no postgres user";
  if (process.getuid?.() !== 0) return "not root (cannot run the cluster as the postgres user)";
  return null;
}

function asPostgres(args: string[]) {
  execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "pipe" });
}

/** The same, without blocking this process (the test keeps sending requests meanwhile). */
async function asPostgresAsync(args: string[]) {
  await promisify(execFile)("runuser", ["-u", "postgres", "--", ...args]);
}

/**
 * statementStats: load pg_stat_statements (every statement, nested ones too), for benches.
 * fsync: write to disk as a production server does (default off: cheaper writes).
 */
export async function startThrowawayCluster(options: { statementStats?: boolean; fsync?: boolean } = {}): Promise<ThrowawayCluster> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-pg-"));
  fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const data = path.join(dir, "data");
  asPostgres([path.join(BIN, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const statementStats = options.statementStats ? " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" : "";
  const ctlArgs = (action: string, extra: string[] = []) => [
    path.join(BIN, "pg_ctl"), "-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? "on" : "off"}${statementStats}`, ...extra, action,
  ];
  const ctl = (action: string, extra: string[] = []) => asPostgres(ctlArgs(action, extra));
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@${encodeURIComponent(dir)}:${port}/postgres`,
    // Stop, stay down a moment (requests meet a missing database), start again.
    restart: async () => {
      await asPostgresAsync(ctlArgs("stop", ["-m", "fast"]));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await asPostgresAsync(ctlArgs("start"));
    },
    stop: () => {
      try {
        ctl("stop", ["-m", "immediate"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    postmasterPid: () => Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
  };
}
