// The app as a child process on a scratch PostgreSQL database, for the HTTP benches.
import { spawn } from "node:child_process";
import net from "node:net";
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

export type App = { origin: string; stop: () => Promise<void> };

/** Starts server.js (built beforehand) with `workers` processes on the database at `url`. */
export async function startApp(workers: number, url: string, uploadsDir: string): Promise<App> {
  const port = await pickPort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of ["SMTP_URL", "ADMIN_EMAILS", "BETTER_AUTH_SECRET", "PGLITE_DIR"]) delete env[name];
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
  });
  // BENCH_CPU_PROFILE=dir: each process (cluster workers inherit the flags) writes a V8 CPU
  // profile there when it stops; bench/cpu-profile-top.ts reads them.
  const profiling = process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profiling, "server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
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
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

