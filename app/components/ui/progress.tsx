import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Accessible progress bar (role="progressbar" with aria-valuenow/min/max from Radix).
 * Give it a name with `aria-label` or `aria-labelledby`.
 */
export function Progress({
  className,
  value,
  max = 100,
  indicatorClassName,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root> & { indicatorClassName?: string }) {
  const clamped = value == null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped == null ? 0 : (clamped / max) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      max={max}
      className={cn("relative h-3 w-full overflow-hidden rounded-full bg-secondary/15", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 rounded-full bg-primary transition-transform", indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
