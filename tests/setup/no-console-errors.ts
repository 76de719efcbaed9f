import { afterAll, afterEach, vi } from "vitest";

// A stray console.error, or a line the app logs at error level (app/kernel/log.server.ts
// writes JSON lines to stderr), is a bug the test did not expect: fail the test that
// caused it. A test that provokes an error log on purpose says so first with
// expectLoggedError(/pattern/).

const consoleErrors: unknown[][] = [];
const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
});

type Expectation = { pattern: RegExp; seen: number };
let expectations: Expectation[] = [];
const unexpectedLogs: string[] = [];

/** The JSON line of an error-level log entry in `chunk`, or null. */
function errorLogLine(chunk: unknown): string | null {
  const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : null;
  if (!text?.startsWith("{")) return null;
  try {
    const entry = JSON.parse(text) as { level?: unknown };
    return entry.level === "error" ? text.trim() : null;
  } catch {
    return null;
  }
}

const writeToStderr = process.stderr.write.bind(process.stderr);
vi.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
  const line = errorLogLine(chunk);
  if (line === null) return (writeToStderr as (...args: unknown[]) => boolean)(chunk, ...rest);
  const expectation = expectations.find(({ pattern }) => pattern.test(line));
  if (expectation) expectation.seen += 1;
  else unexpectedLogs.push(line);
  const callback = rest.find((value) => typeof value === "function") as (() => void) | undefined;
  callback?.();
  return true;
}) as typeof process.stderr.write);

/**
 * Declares that the current test makes the app log at error level, with a line (the
 * JSON entry: message and fields) matching `pattern`. Matching lines are then kept out
 * of the output; the test fails if none arrives by its end.
 */
export function expectLoggedError(pattern: RegExp): void {
  expectations.push({ pattern, seen: 0 });
}

function takeProblems(): string[] {
  const problems: string[] = [];
  const seenConsole = consoleErrors.splice(0);
  if (seenConsole.length > 0) {
    problems.push(`console.error was called:\n${seenConsole.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
  const seenLogs = unexpectedLogs.splice(0);
  if (seenLogs.length > 0) {
    problems.push(`the app logged an error the test did not expect (use expectLoggedError(/…/) if it should):\n${seenLogs.join("\n")}`);
  }
  const missing = expectations.filter(({ seen }) => seen === 0).map(({ pattern }) => String(pattern));
  if (missing.length > 0) problems.push(`expected an error log matching ${missing.join(", ")}, but none was written`);
  expectations = [];
  return problems;
}

afterEach(() => {
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
});

// Errors from beforeAll/afterAll hooks or after the last test.
afterAll(() => {
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
});

export { spy as consoleErrorSpy };
