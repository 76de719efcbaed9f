import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Accessible progress bar (role="progressbar" with aria-valuenow/min/max from Radix).
 * Give it a name with `aria-label` or `aria-labelledby`. `slim` is the thin blue bar of a
 * task in progress (an upload), not a goal.
 */
export function Progress({
  className,
  value,
  max = 100,
  slim = false,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root> & { slim?: boolean }) {
  const clamped = value == null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped == null ? 0 : (clamped / max) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      max={max}
      className={cn("relative w-full overflow-hidden rounded-full bg-secondary/15", slim ? "h-2" : "h-3", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 rounded-full transition-transform", slim ? "bg-secondary" : "bg-primary")}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
