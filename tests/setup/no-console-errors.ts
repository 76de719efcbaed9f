import { afterEach, vi } from "vitest";

// A stray console.error is a bug the test did not expect: fail the test that caused it.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) {
    throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});

export { spy as consoleErrorSpy };
