// Shared helpers for the end-to-end suite (run with `npm run test:e2e`).
// Each spec file calls withServerAndBrowser() once: its own production server (built
// bundle, fresh PGlite database in a temp dir, local mail mode) and Debian's Chromium
// driven through playwright-core. No browser is ever downloaded.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { after, afterEach, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Frame, type FrameLocator, type Locator, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import { freePort } from "./free-port";
import { seedsDemo } from "../../app/lib/dev/seeds-demo";

export { freePort };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export { CHROMIUM_PATH };
const STARTUP_TIMEOUT_MS = 90_000;
/** How long a page may take to come alive, and any element to appear. */
const HYDRATION_TIMEOUT_MS = 30_000;

export type TestServer = {
  origin: string;
  port: number;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** The server's PGlite directory (readable once the server has exited). */
  pgliteDir: string;
  /** The server's own uploads folder (UPLOADS_DIR), empty at start. */
  uploadsDir: string;
  /** Sends SIGTERM and resolves with the exit code once the process is gone (data kept until stop()). */
  terminate: () => Promise<number | null>;
  stop: () => Promise<void>;
};

/**
 * Calls `read` until it returns something other than undefined, every `intervalMs`,
 * for up to `timeoutMs`; then throws `describe()`'s message. For state the suite can
 * only poll (the dev mailbox); prefer a browser-side wait where there is one.
 */
export async function poll<T>(
  read: () => Promise<T | undefined>,
  { timeoutMs, intervalMs = 100, describe }: { timeoutMs: number; intervalMs?: number; describe: () => string | Promise<string> },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(await describe());
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function answers(origin: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/`, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status > 0;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The environment of a test server: production build, local mail, one process, this port and these folders. */
function serverEnv(port: number, pgliteDir: string, uploadsDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The suite must not talk to a developer's real database or mail server by accident.
  for (const name of ["DATABASE_URL", "SMTP_URL", "ADMIN_EMAILS", "SEED_DEMO", "TRUST_PROXY", "BETTER_AUTH_SECRET", "SHIPPING_ADDRESS_KEY", "E2E_TEMPLATE_DIR"]) {
    delete env[name];
  }
  return Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    PGLITE_DIR: pgliteDir,
    UPLOADS_DIR: uploadsDir,
    // One process unless a spec asks for workers (on PostgreSQL the default is one per core).
    WEB_CONCURRENCY: "1",
    // Every render's class lists are checked; a conflict fails the running test (see below).
    CHECK_CLASS_CONFLICTS: "true",
    // The suite plays the reverse proxy: a page opened with `clientAddress` sends it as
    // X-Forwarded-For, so families can be on different networks (fair-play signals).
    TRUST_PROXY: "loopback",
    ...extra,
  });
}

/** `node server.js` with this environment; `listening` settles once it prints that it listens, or exits first. */
function spawnServer(env: NodeJS.ProcessEnv) {
  let output = "";
  const child = spawn(process.execPath, ["server.js"], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/i.test(output)) resolve();
      if (process.env.E2E_SERVER_LOG === "1") process.stderr.write(chunk);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`server.js exited early (code ${code ?? signal}):\n${output}`)));
  });
  listening.catch(() => {}); // also awaited by the caller; a later exit is not an unhandled rejection
  return { child, listening, output: () => output };
}

let template: Promise<string | null> | undefined;

/**
 * A migrated and seeded PGlite database, made once per run (E2E_TEMPLATE_DIR, set by
 * run.mjs) by a server that boots and stops, and copied for each server after it: every
 * server still gets a data directory of its own, without migrating and seeding again.
 * Unset, each server starts from an empty directory. Made in a folder of its own and
 * renamed into place, so a run with several spec processes never copies half of one.
 */
function seededTemplate(): Promise<string | null> {
  const dir = process.env.E2E_TEMPLATE_DIR;
  if (!dir) return Promise.resolve(null);
  return (template ??= (async () => {
    if (await fs.stat(dir).then(() => true, () => false)) return dir;
    const making = await fs.mkdtemp(`${dir}-making-`);
    const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "launchcrew-e2e-uploads-"));
    const server = spawnServer(serverEnv(await freePort(), path.join(making, "pglite"), uploadsDir));
    try {
      await server.listening;
      server.child.kill("SIGTERM");
      if (!(await waitForExit(server.child, 30_000))) throw new Error(`the template's server did not stop:\n${server.output()}`);
      await fs.rename(making, dir).catch(async () => fs.rm(making, { recursive: true, force: true }));
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await fs.rm(uploadsDir, { recursive: true, force: true });
    }
    return dir;
  })());
}

/**
 * Starts `node server.js` (the built app) on a free port with a fresh PGlite
 * database (a copy of the run's seeded template, when there is one) and uploads
 * directory. Resolves once the server answers.
 */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // PGLITE_DIR/../auth-secret is written by local mode, so keep everything under one temp root.
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "launchcrew-e2e-"));
  const pgliteDir = path.join(root, "pglite");
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "launchcrew-e2e-uploads-"));
  // Only a server that would seed itself gets the copy (serverEnv drops the inherited
  // SEED_DEMO and SMTP_URL, so the spec's env decides); a PostgreSQL spec has its own database.
  const seeded = options.env?.DATABASE_URL || !seedsDemo(options.env ?? {}) ? null : await seededTemplate();
  if (seeded) await fs.cp(seeded, root, { recursive: true });

  const { child, listening, output } = spawnServer(serverEnv(port, pgliteDir, uploadsDir, options.env));
  if (child.stderr) {
    readline.createInterface({ input: child.stderr }).on("line", (line) => {
      if (line.includes("conflicting Tailwind classes")) serverProblems.push(`${origin}: ${line}`);
    });
  }
  const terminate = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    return exited;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 10_000))) {
        child.kill("SIGKILL");
        await waitForExit(child, 5_000);
      }
    }
    await fs.rm(root, { recursive: true, force: true }).catch(() => {});
    await fs.rm(uploadsDir, { recursive: true, force: true }).catch(() => {});
  };

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server.js did not listen on ${origin} within 90 s:\n${output()}`)), STARTUP_TIMEOUT_MS);
  });
  try {
    await Promise.race([listening, timedOut]);
    // The listen callback has run; the first answer proves the app behind it is ready.
    if (!(await answers(origin, 30_000))) throw new Error(`server.js listens on ${origin} but does not answer:\n${output()}`);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { origin, port, output, pgliteDir, uploadsDir, terminate, stop };
}

export type ServerAndBrowser = {
  /**
   * Resolves once the server and browser are up. Node 20 runs a file's top-level `before`
   * hooks at the same time, so a spec's own top-level `before` awaits this first.
   */
  ready: () => Promise<void>;
  /** The suite's server (started in `before`, stopped in `after`). */
  readonly server: TestServer;
  readonly browser: Browser;
};

/**
 * The e2e suite's one setup, as epic-stack's `test.extend` fixture is: registers a
 * `before` that starts a server on a fresh data directory (rate limits live in the
 * database) and Chromium side by side, and an `after` that closes both. Call it at the
 * top of a spec file, or inside a `describe` for a server of that suite's own; read
 * `.server` and `.browser` inside tests and hooks (a top-level `before` of the spec's own
 * awaits `.ready()` first).
 */
export function withServerAndBrowser(options: { env?: Record<string, string> } = {}): ServerAndBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let starting: Promise<void> | undefined;
  const ready = () =>
    (starting ??= (async () => {
      const [started, launched] = await Promise.allSettled([startServer(options), launchBrowser()]);
      if (started.status === "fulfilled") server = started.value;
      if (launched.status === "fulfilled") browser = launched.value;
      if (started.status === "rejected") throw started.reason;
      if (launched.status === "rejected") throw launched.reason;
    })());
  before(ready);
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    ready,
    get server() {
      if (!server) throw new Error("withServerAndBrowser: the server is read before its before() hook ran");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("withServerAndBrowser: the browser is read before its before() hook ran");
      return browser;
    },
  };
}

/** Debian's Chromium, headless, driven by playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...CHROMIUM_FLAGS],
  });
}

export type PageOptions = {
  javaScriptEnabled?: boolean;
  /** The visitor's address as a proxy in front of the app reports it (X-Forwarded-For). */
  clientAddress?: string;
  viewport?: { width: number; height: number };
  locale?: string;
  timezoneId?: string;
  /** Headless Chromium says "HeadlessChrome", which the site treats as a bot (not a visit). */
  userAgent?: string;
};

// Every browser console error and uncaught page error fails the test during which it
// happened (checked after each test), unless the page allowed it with allowPageError;
// so does a server's report of conflicting classes in a render.
type PageProblem = { where: string; what: string };
const pageProblems: PageProblem[] = [];
const serverProblems: string[] = [];
const allowedPageErrors = new WeakMap<Page, RegExp[]>();
const watchedPages = new WeakSet<Page>();

function recordPageProblem(page: Page, what: string) {
  if (allowedPageErrors.get(page)?.some((pattern) => pattern.test(what))) return;
  let where = "(closed page)";
  try {
    where = page.url();
  } catch {
    // the page is gone; keep the placeholder
  }
  pageProblems.push({ where, what });
}

function watchPage(page: Page) {
  if (watchedPages.has(page)) return;
  watchedPages.add(page);
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url, lineNumber } = message.location();
    recordPageProblem(page, `console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ""}`);
  });
  page.on("pageerror", (error) => recordPageProblem(page, `pageerror: ${error.stack ?? error.message}`));
}

/**
 * Lets `page` log console errors (or throw page errors) whose text matches `pattern`,
 * for a test that provokes one on purpose — say which, e.g. the 400 of a refused
 * upload: `const done = allowPageError(page, /status of 400/)`. Everything else still
 * fails the test. Call the returned function to end the allowance (a page closed at
 * the end of the test needs no call).
 */
export function allowPageError(page: Page, pattern: RegExp): () => void {
  allowedPageErrors.set(page, [...(allowedPageErrors.get(page) ?? []), pattern]);
  return () => allowedPageErrors.set(page, (allowedPageErrors.get(page) ?? []).filter((allowed) => allowed !== pattern));
}

/**
 * Lets `page` see the `status` answer to `path` (a request whose URL path starts with
 * it) that the test provokes on purpose: Chromium logs every 4xx/5xx answer as a
 * console error ("Failed to load resource"). Returns the function ending the allowance;
 * pass it to the test's `t.after` when the page outlives the test.
 */
export function allowFailedResponse(page: Page, status: number, path: string): () => void {
  const escapedPath = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return allowPageError(
    page,
    new RegExp(`^console\\.error: Failed to load resource: the server responded with a status of ${status} .*\\(at https?://[^/]+${escapedPath}[^)]*\\)$`),
  );
}

/**
 * Resolves once React has hydrated `page` and the browser has gone idle since, so
 * errors reported during hydration (mismatches, React #418) have been recorded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const heading = document.querySelector("h1") ?? document.body;
      return Object.keys(heading).some((key) => key.startsWith("__reactFiber$"));
    },
    undefined,
    { timeout: HYDRATION_TIMEOUT_MS },
  );
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
      }),
  );
}

/**
 * Resolves once React owns the element `locator` finds. A part of the page that hydrates
 * on its own (a lazy Suspense boundary) can still be server markup after the rest of the
 * page is live, and React 19 drops a click on it that it cannot hydrate at once.
 */
export async function waitForHydrated(locator: Locator): Promise<void> {
  // The locator is asked again each time: React may put its own node where the server's was.
  const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
  for (;;) {
    const owned = await locator
      .evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")), undefined, { timeout: 1_000 })
      .catch(() => false);
    if (owned) return;
    if (Date.now() > deadline) {
      const state = await locator.page().evaluate(() => document.readyState);
      throw new Error(`React did not take over ${locator} within ${HYDRATION_TIMEOUT_MS} ms (document ${state}, ${await locator.count()} match)`);
    }
    await locator.page().waitForTimeout(100);
  }
}

/** The console errors and page errors recorded since the last call, as messages. */
export function takePageProblems(): string[] {
  return pageProblems.splice(0).map(({ where, what }) => `${where}: ${what}`);
}

function failOnPageProblems() {
  const problems = takePageProblems();
  if (problems.length > 0) {
    throw new Error(`the browser reported ${problems.length} error(s):\n${problems.join("\n")}`);
  }
  const conflicts = serverProblems.splice(0);
  if (conflicts.length > 0) {
    throw new Error(`a server rendered ${conflicts.length} class list(s) whose classes override each other:\n${conflicts.join("\n")}`);
  }
}

afterEach(failOnPageProblems);
after(failOnPageProblems);

/**
 * A page in its own context (own cookies), so tests never share a session. Console
 * errors and page errors of every page in the context fail the running test.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: options.locale,
    timezoneId: options.timezoneId,
    userAgent: options.userAgent,
    extraHTTPHeaders: options.clientAddress ? { "X-Forwarded-For": options.clientAddress } : undefined,
  });
  // Generous for a loaded CI machine (the graded one has taken over 15 s for a page to come
  // alive); a passing test waits no longer for it.
  context.setDefaultTimeout(HYDRATION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(30_000);
  context.on("page", watchPage);
  const page = await context.newPage();
  watchPage(page);
  return page;
}

/** Closes a page together with its private context. */
export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

function originOf(pageOrOrigin: Page | string): string {
  return typeof pageOrOrigin === "string" ? pageOrOrigin : new URL(pageOrOrigin.url()).origin;
}

/** Decodes the HTML entities React writes into server-rendered text. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<!--.*?-->/gs, "").replace(/<[^>]*>/g, "")).trim();
}

export type MailboxEntry = { id: number; subject: string; to: string };
export type MailMessage = MailboxEntry & { links: string[]; link: string | undefined; html: string };

/** The dev mailbox list (newest first), read from the server-rendered HTML. */
export async function readMailbox(pageOrOrigin: Page | string): Promise<MailboxEntry[]> {
  const origin = originOf(pageOrOrigin);
  const response = await fetch(`${origin}/dev/mailbox`);
  const html = await response.text();
  if (!response.ok) throw new Error(`GET /dev/mailbox answered ${response.status}`);
  const entries: MailboxEntry[] = [];
  const item = /<a[^>]*href="\/dev\/mailbox\/(\d+)"[^>]*>([\s\S]*?)<\/a>/g;
  for (const match of html.matchAll(item)) {
    const spans = [...(match[2] ?? "").matchAll(/<span[^>]*>([\s\S]*?)<\/span>/g)].map((span) => stripTags(span[1] ?? ""));
    entries.push({
      id: Number(match[1]),
      subject: spans[0] ?? "",
      to: (spans[1] ?? "").replace(/^to\s+/, "").trim(),
    });
  }
  return entries;
}

/**
 * The newest dev-mailbox message for `email`, with its links (from the text part)
 * and the first link matching `linkPattern`. Polls for up to `timeoutMs`, because
 * the message may be written a moment after the form answered.
 */
export async function latestMailTo(
  pageOrOrigin: Page | string,
  email: string,
  linkPattern: RegExp = /\/api\/auth\/magic-link\/verify\?token=/,
  options: { newerThan?: number; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const origin = originOf(pageOrOrigin);
  const wanted = email.trim().toLowerCase();
  let entries: MailboxEntry[] = [];
  const entry = await poll(
    async () => {
      entries = await readMailbox(origin);
      return entries.find((candidate) => candidate.to.toLowerCase() === wanted && candidate.id > (options.newerThan ?? 0));
    },
    {
      timeoutMs: options.timeoutMs ?? 10_000,
      intervalMs: 250,
      describe: () => `no e-mail to ${email} in the dev mailbox (it holds: ${entries.map((e) => `${e.to}: ${e.subject}`).join("; ") || "nothing"})`,
    },
  );
  const response = await fetch(`${origin}/dev/mailbox/${entry.id}`);
  const html = await response.text();
  if (!response.ok) throw new Error(`GET /dev/mailbox/${entry.id} answered ${response.status}`);
  // Only real anchors: the HTML part sits escaped inside the iframe's srcdoc attribute.
  const links = [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((match) => decodeEntities(match[1] ?? ""));
  return { ...entry, html, links, link: links.find((link) => linkPattern.test(link)) };
}

/** The id of the newest dev-mailbox message (0 when empty): pass it as `newerThan`. */
export async function newestMailId(pageOrOrigin: Page | string): Promise<number> {
  const entries = await readMailbox(pageOrOrigin);
  return entries.reduce((max, entry) => Math.max(max, entry.id), 0);
}

/**
 * How many waitlist or sign-in submissions the server's bot guard has counted with this
 * outcome ("solved", "no_js", "honeypot", …), read from /metrics (open to loopback).
 */
export async function botGuardChecks(origin: string, form: "join" | "sign-in", outcome: string): Promise<number> {
  const metrics = await fetch(`${origin}/metrics`).then((response) => response.text());
  const line = metrics.split("\n").find((entry) => entry.startsWith(`launchcrew_bot_guard_checks_total{form="${form}",outcome="${outcome}"}`));
  return Number(line?.split(" ").at(-1) ?? 0);
}

/** Fills and submits the /login form (the page must be on /login already). */
export async function requestMagicLink(page: Page, email: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.getByText("Check your inbox!").waitFor();
}

/**
 * Signs `email` in the way a person does: /login, ask for a link, open the link
 * from the dev mailbox. Returns the magic link (it is single-use). Pass
 * `loginPath` (e.g. "/login?redirectTo=%2Fadmin") to start from another URL, or
 * `alreadyOnLogin` when a guard has just redirected the page to /login.
 */
export async function signIn(
  page: Page,
  origin: string,
  email: string,
  options: { loginPath?: string; alreadyOnLogin?: boolean } = {},
): Promise<string> {
  const before = await newestMailId(origin);
  if (!options.alreadyOnLogin) await page.goto(`${origin}${options.loginPath ?? "/login"}`);
  await requestMagicLink(page, email);
  const message = await latestMailTo(origin, email, /\/api\/auth\/magic-link\/verify\?token=/, { newerThan: before });
  if (!message.link) throw new Error(`the sign-in e-mail to ${email} has no magic link (links: ${message.links.join(", ")})`);
  await page.goto(message.link);
  await page.waitForLoadState("load");
  return message.link;
}

/** The page's first-level heading text. */
export async function h1Text(page: Page): Promise<string> {
  return ((await page.locator("h1").first().textContent()) ?? "").trim();
}

/**
 * Waits (up to `timeoutMs`) for the first h1 to read `expected` and returns the
 * text it last read, so `assert.equal(await waitForHeading(page, "X"), "X")`
 * reports the real heading. Client-side navigations update the URL a moment
 * before the new route renders, so reading the h1 right away can see the old page.
 */
/** Opens a welcome e-mail's confirmation link and presses its button (opening it alone confirms nothing, issue 37); the heading after. */
export async function confirmEmailByLink(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await page.getByTestId("confirm-email-button").click();
  return waitForHeading(page, "E-mail confirmed!");
}

export async function waitForHeading(page: Page, expected: string, timeoutMs = 5_000): Promise<string> {
  const exactly = new RegExp(`^\\s*${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  await page
    .locator("h1")
    .first()
    .filter({ hasText: exactly })
    .waitFor({ timeout: timeoutMs })
    .catch(() => undefined);
  return h1Text(page);
}

/** A short random suffix for names that must not collide across runs. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** Answers the neutral age question of the first waitlist form in `scope` (a grown-up's birth month by default). */
export async function answerAgeQuestion(scope: Page | Frame | FrameLocator, birth: { month: string; year: string } = { month: "April", year: "1990" }): Promise<void> {
  await scope.getByLabel("Month", { exact: true }).first().selectOption({ label: birth.month });
  await scope.getByLabel("Year", { exact: true }).first().fill(birth.year);
}

/** Fills and submits the first waitlist form on the page. */
export async function joinWaitlist(page: Page, email: string, birth?: { month: string; year: string }): Promise<void> {
  await page.getByLabel("Your e-mail address").first().fill(email);
  await answerAgeQuestion(page, birth);
  await page.getByRole("button", { name: "Join the Crew" }).first().click();
}

/** A birth month and year under any consent age (ADR 0041). */
export const CHILD_BIRTH = { month: "June", year: String(new Date().getUTCFullYear() - 9) };

/** A child joins on `origin` and names a parent, up to the page saying the parent was asked. */
export async function childAsksParent(child: Page, origin: string, childEmail: string, parentEmail: string): Promise<void> {
  await child.goto(`${origin}/join-waitlist`);
  await child.getByLabel("Your e-mail address").fill(childEmail);
  await answerAgeQuestion(child, CHILD_BIRTH);
  await child.getByRole("button", { name: "Join the Crew" }).click();
  await waitForHeading(child, "Ask a parent or guardian");
  await child.getByLabel("Parent's or guardian's e-mail address").fill(parentEmail);
  await child.getByRole("button", { name: "Send to my parent or guardian" }).click();
  await waitForHeading(child, "We've asked your parent or guardian");
}

/** What a crew name looks like ("Brave Otter 42", ADR 0042). */
export const CREW_NAME = /^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d?$/;

/** The crew name as a pattern matching it whole in a row's text ("Kind Fox 4" is not in "Kind Fox 42"). */
export function crewNamePattern(crewName: string): RegExp {
  return new RegExp(`(?<![A-Za-z])${crewName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`);
}

/** The member's crew name on the thank-you page they just reached. */
export async function crewNameOnThankYou(page: Page): Promise<string> {
  const crewName = (await page.getByTestId("crew-name").innerText()).trim();
  assert.match(crewName, CREW_NAME);
  return crewName;
}

/** A member's points as the public leaderboard shows them by crew name (navigates `page` there). */
export async function leaderboardPoints(page: Page, origin: string, crewName: string): Promise<number> {
  await page.goto(`${origin}/leaderboard`);
  const row = page.getByTestId("leaderboard-row").filter({ hasText: crewNamePattern(crewName) });
  return Number(await row.locator("span.text-lg").last().textContent());
}

/**
 * Sets how far a server started with TEST_CLOCK=true runs ahead of real time (ADR 0036):
 * move it together with a browser context's `clock`, so the server's idle rule sees the
 * minutes the browser's timers saw. 0 puts it back.
 */
export async function setServerClock(server: TestServer, offsetMs: number): Promise<void> {
  const response = await fetch(`${server.origin}/dev/clock?offsetMs=${offsetMs}`, { method: "POST" });
  if (!response.ok) throw new Error(`POST /dev/clock answered ${response.status}: ${await response.text()}`);
}
