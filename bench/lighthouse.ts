// The front door's Lighthouse figures (issue 16): Lighthouse's default mobile run (form
// factor and throttling) three times on each public page, the median score per category,
// the median LCP, TBT and CLS, and for every category under 100 the audits that cost points
// in the median run — what to fix.
// Builds nothing: run `npm run build` first, then
//   npx tsx bench/lighthouse.ts
// It starts the built app (server.js) on a free port with a fresh PGlite database seeded
// with the demo content, at http://localhost:<port> (the site's cookies and form checks are
// bound to PUBLIC_ORIGIN's host, so Lighthouse must not use 127.0.0.1).
//
// Lighthouse 13 needs Node 22.19 or newer and is no dependency of the app: like .ci/run does
// for Node 24, the npm registry's node@24 and lighthouse@13 packages are installed once into
// a cached prefix, $LIGHTHOUSE_PREFIX or <tmpdir>/launchcrew-lighthouse, and the Lighthouse
// CLI runs on that Node. Chromium is Debian's (CHROMIUM_PATH, default /usr/bin/chromium);
// no browser is downloaded. The JSON and HTML reports stay under <prefix>/reports/.
// LIGHTHOUSE_RUNS (default 3) and LIGHTHOUSE_PAGES (comma separated, e.g. "/,/rewards")
// tune it.
//
// The figures move with the machine's load: run it alone, on an otherwise idle machine, and
// say how many cores there were when quoting them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startDemoApp } from "./app-process";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/chromium";

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/join-waitlist,/leaderboard,/trailer,/rewards").split(",").map((page) => page.trim());
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS].join(" ");
const PREFIX = process.env.LIGHTHOUSE_PREFIX ?? path.join(os.tmpdir(), "launchcrew-lighthouse");
const NODE = path.join(PREFIX, "node_modules", ".bin", "node");
const LIGHTHOUSE_CLI = path.join(PREFIX, "node_modules", "lighthouse", "cli", "index.js");
const RUN_TIMEOUT_MS = 180_000;

type Category = (typeof CATEGORIES)[number];
type AuditRef = { id: string; weight: number; group?: string };
type Audit = { id: string; title: string; score: number | null; numericValue?: number; displayValue?: string };
type Report = {
  runtimeError?: { code: string; message: string };
  categories: Record<Category, { score: number | null; auditRefs: AuditRef[] }>;
  audits: Record<string, Audit>;
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args[0]} failed (${code ?? signal}):\n${stderr}`));
    });
  });
}

async function ensureLighthouse() {
  if (fs.existsSync(NODE) && fs.existsSync(LIGHTHOUSE_CLI)) return;
  console.log(`installing node@24 and lighthouse@13 from the npm registry into ${PREFIX} (once)`);
  fs.mkdirSync(PREFIX, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  await run(npm, ["install", "--prefix", PREFIX, "--no-audit", "--no-fund", "--no-save", "node@24", "lighthouse@13"]);
}

/** Lighthouse now and then loses its trace ("NO_NAVSTART"): such a run is taken again, once. */
async function lighthouse(url: string, outputBase: string): Promise<Report> {
  try {
    return await lighthouseOnce(url, outputBase);
  } catch (error) {
    console.log(`  retrying ${url}: ${error instanceof Error ? error.message.split("\n").find((line) => line.includes("Runtime error")) ?? error.message.split("\n")[0] : error}`);
    return lighthouseOnce(url, outputBase);
  }
}

async function lighthouseOnce(url: string, outputBase: string): Promise<Report> {
  await run(
    NODE,
    [
      LIGHTHOUSE_CLI,
      url,
      "--quiet",
      `--only-categories=${CATEGORIES.join(",")}`,
      "--output=json",
      "--output=html",
      `--output-path=${outputBase}`,
      `--chrome-path=${CHROMIUM_PATH}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { ...process.env, CHROME_PATH: CHROMIUM_PATH },
  );
  const report = JSON.parse(fs.readFileSync(`${outputBase}.report.json`, "utf8")) as Report;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const score = (report: Report, category: Category) => Math.round((report.categories[category].score ?? 0) * 100);
const metric = (report: Report, id: string) => report.audits[id]?.numericValue ?? Number.NaN;

/** The run whose performance score is the median (ties broken by LCP), as Lighthouse's own median picks one whole run. */
function medianRun(reports: Report[]): Report {
  const ordered = [...reports].sort(
    (a, b) => score(a, "performance") - score(b, "performance") || metric(b, "largest-contentful-paint") - metric(a, "largest-contentful-paint"),
  );
  return ordered[Math.floor((ordered.length - 1) / 2)]!;
}

/** The audits of `category` that cost points in `report`, most points first. */
function costlyAudits(report: Report, category: Category) {
  const refs = report.categories[category].auditRefs;
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs
    .map((ref) => ({ ref, audit: report.audits[ref.id]! }))
    .filter(({ ref, audit }) => ref.weight > 0 && audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => ({ audit, lost: (ref.weight * (1 - (audit.score ?? 0)) * 100) / totalWeight }))
    .sort((a, b) => b.lost - a.lost);
}

/** Performance insights and diagnostics (weight 0) that fail in `report`: where the metrics' time goes. */
function failingInsights(report: Report) {
  return report.categories.performance.auditRefs
    .map((ref) => ({ ref, audit: report.audits[ref.id]! }))
    .filter(({ ref, audit }) => (ref.group === "insights" || ref.group === "diagnostics") && audit.score !== null && audit.score < 0.9)
    .map(({ audit }) => audit);
}

await ensureLighthouse();
const reportsDir = path.join(PREFIX, "reports", new Date().toISOString().replace(/[:.]/g, "-"));
fs.mkdirSync(reportsDir, { recursive: true });

const app = await startDemoApp();
const reports = new Map<string, Report[]>(PAGES.map((page) => [page, []]));
try {
  // One plain request per page first, so no run pays for the server's first render.
  for (const page of PAGES) await (await fetch(`${app.origin}${page}`)).arrayBuffer();
  console.log(`Lighthouse (mobile, default throttling), ${RUNS} runs per page on ${app.origin}, ${os.cpus().length} cores`);
  // Round by round rather than page by page, so a burst of load elsewhere spreads over all pages.
  for (let round = 1; round <= RUNS; round++) {
    for (const page of PAGES) {
      const name = page === "/" ? "home" : page.replace(/^\//, "").replace(/\//g, "-");
      const started = Date.now();
      const report = await lighthouse(`${app.origin}${page}`, path.join(reportsDir, `${name}-${round}`));
      reports.get(page)!.push(report);
      const scores = CATEGORIES.map((category) => score(report, category)).join("/");
      console.log(`  run ${round}/${RUNS} ${page.padEnd(15)} ${scores.padEnd(15)} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
} finally {
  await app.stop();
}

const columns = ["page", "perf", "a11y", "best-pr", "seo", "LCP", "TBT", "CLS"];
const widths = [15, 5, 5, 8, 5, 8, 8, 6];
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" ");
console.log(`\nMedian of ${RUNS} runs per page (scores 0-100; LCP, TBT and CLS are the medians of each metric):\n`);
console.log(line(columns));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const [page, runs] of reports) {
  const scores = CATEGORIES.map((category) => String(median(runs.map((report) => score(report, category)))));
  const lcp = median(runs.map((report) => metric(report, "largest-contentful-paint")));
  const tbt = median(runs.map((report) => metric(report, "total-blocking-time")));
  const cls = median(runs.map((report) => metric(report, "cumulative-layout-shift")));
  console.log(line([page, ...scores, `${(lcp / 1000).toFixed(1)} s`, `${Math.round(tbt)} ms`, cls.toFixed(3)]));
}

console.log("\nWhat costs points, from each page's median run (≈ points of the category's 100):");
for (const [page, runs] of reports) {
  const report = medianRun(runs);
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    if (score(report, category) === 100) continue;
    lines.push(`  ${category} ${score(report, category)}:`);
    for (const { audit, lost } of costlyAudits(report, category)) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      lines.push(`    -${lost.toFixed(1).padStart(4)}  ${audit.id}: ${audit.title}${value}`);
    }
    if (category === "performance") {
      const insights = failingInsights(report);
      if (insights.length > 0) lines.push(`    insights: ${insights.map((audit) => audit.id).join(", ")}`);
    }
  }
  console.log(`\n${page}${lines.length === 0 ? ": 100 everywhere" : ""}`);
  for (const entry of lines) console.log(entry);
}
console.log(`\nReports (JSON and HTML, one per run): ${reportsDir}`);
