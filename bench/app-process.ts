// The app as a child process, for the benches and scripts that drive it over HTTP: on a
// scratch PostgreSQL database (startApp), or on a fresh PGlite database seeded with the
// demo content (startDemoApp).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A free port in 3300–3399 (the range this machine's benches use). */
async function pickPort(): Promise<number> {
  for (let port = 3300; port < 3400; port++) if (await isPortFree(port)) return port;
  throw new Error("no free port in 3300-3399");
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `pid`: the process started (a cluster's primary when there are workers). */
export type App = { origin: string; pid: number; stop: () => Promise<void> };

/** Starts server.js (built beforehand) with `workers` processes on the database at `url` (and `extraEnv`, such as SMTP_URL). */
export async function startApp(workers: number, url: string, uploadsDir: string, extraEnv: Record<string, string> = {}): Promise<App> {
  const port = await pickPort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of ["SMTP_URL", "ADMIN_EMAILS", "BETTER_AUTH_SECRET", "SHIPPING_ADDRESS_KEY", "PGLITE_DIR"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: origin,
    DATABASE_URL: url,
    WEB_CONCURRENCY: String(workers),
    TRUST_PROXY: "loopback",
    SEED_DEMO: "false",
    UPLOADS_DIR: uploadsDir,
    ...extraEnv,
  });
  // BENCH_CPU_PROFILE=dir: each process (cluster workers inherit the flags) writes a V8 CPU
  // profile there when it stops; bench/cpu-profile-top.ts reads them.
  const profiling = process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  // BENCH_APP_NODE_FLAGS="--max-old-space-size=192": Node or V8 flags for each app process, to compare.
  const extra = (process.env.BENCH_APP_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  return { origin, ...(await runServer(env, [...profiling, ...extra])) };
}

/**
 * Starts server.js (built beforehand) as a visitor meets it: one process, local mail mode,
 * a fresh PGlite database seeded with the demo content, a fresh uploads directory, and
 * http://localhost:<port> as PUBLIC_ORIGIN (cookies and form checks are bound to that host,
 * so browsers must use it, not 127.0.0.1). stop() ends the server and removes the data.
 */
export async function startDemoApp(): Promise<App> {
  const port = await pickPort();
  const origin = `http://localhost:${port}`;
  // Local mail mode writes its auth secret next to PGLITE_DIR, so everything sits under one root.
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "launchcrew-demo-"));
  const env = { ...process.env };
  for (const name of ["DATABASE_URL", "SMTP_URL", "ADMIN_EMAILS", "BETTER_AUTH_SECRET", "SHIPPING_ADDRESS_KEY", "TRUST_PROXY"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: origin,
    PGLITE_DIR: path.join(root, "pglite"),
    UPLOADS_DIR: path.join(root, "uploads"),
    WEB_CONCURRENCY: "1",
    SEED_DEMO: "true",
  });
  const server = await runServer(env, []).catch(async (error: unknown) => {
    await fs.rm(root, { recursive: true, force: true });
    throw error;
  });
  return {
    origin,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Spawns server.js with `env` (under BENCH_NODE, a path to another Node binary, when set)
 * and resolves, once it listens, with its pid and the function stopping it.
 */
async function runServer(env: NodeJS.ProcessEnv, nodeFlags: string[]): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.env.BENCH_NODE ?? process.execPath, [...nodeFlags, "server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/i.test(output)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server.js exited (code ${code}); did you run npm run build?\n${output}`)));
  });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
