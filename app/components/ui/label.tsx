import type * as React from "react";
import { cn } from "~/lib/utils";

// A plain <label>: Radix's Label adds only a guard against selecting text on double-click,
// not worth Radix on the public pages' first load (ADR 0025).
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("text-sm font-semibold leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60", className)}
      {...props}
    />
  );
}
