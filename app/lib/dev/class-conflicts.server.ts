import { checkClassesWith } from "~/lib/utils";
import { log } from "~/kernel/log.server";

/**
 * Logs an error for each class list in which a later class overrides an earlier one (say
 * `h-10 … h-12`): without tailwind-merge the stylesheet's order, not the list's, decides
 * which wins. On for the end-to-end suite's servers, which fail the running test on it.
 */
export async function checkClassConflicts(): Promise<void> {
  const { twMerge } = await import("tailwind-merge");
  const reported = new Set<string>();
  checkClassesWith((classes) => {
    const written = classes.split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(classes).split(" "));
    const overridden = written.filter((name) => !kept.has(name));
    if (overridden.length === 0 || reported.has(classes)) return;
    reported.add(classes);
    log.error("conflicting Tailwind classes", { classes, overridden });
  });
}
