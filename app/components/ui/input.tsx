import type * as React from "react";
import { cn } from "~/lib/utils";

/** `tall` for a field beside a large button (the join form's). */
export function Input({ className, type, tall = false, ...props }: React.ComponentProps<"input"> & { tall?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        tall ? "h-12" : "h-10",
        className,
      )}
      {...props}
    />
  );
}
