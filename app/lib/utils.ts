import { clsx, type ClassValue } from "clsx";

let checkClasses: ((classes: string) => void) | undefined;

/**
 * Joins class names, without resolving Tailwind conflicts (tailwind-merge cost every page
 * 7 KB, ADR 0026). So a component offers props for what its callers may change, and a
 * caller's classes never set a property the component's own classes set; the end-to-end
 * suite's servers check every render (`CHECK_CLASS_CONFLICTS`).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  checkClasses?.(classes);
  return classes;
}

/** Runs `check` on every class list `cn` joins from now on (the server's conflict check). */
export function checkClassesWith(check: ((classes: string) => void) | undefined): void {
  checkClasses = check;
}
