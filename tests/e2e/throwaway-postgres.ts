// A private PostgreSQL 15 cluster for fault tests (restarts), run as the postgres user
// in a temp directory on a spare port. Never touches the machine's shared cluster.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./fixtures";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type ThrowawayCluster = { url: string; restart: () => void; stop: () => void };

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

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchcrew-pg-"));
  fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const data = path.join(dir, "data");
  asPostgres([path.join(BIN, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const ctl = (action: string, extra: string[] = []) =>
    asPostgres([path.join(BIN, "pg_ctl"), "-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...extra, action]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl("restart", ["-m", "fast"]),
    stop: () => {
      try {
        ctl("stop", ["-m", "immediate"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
