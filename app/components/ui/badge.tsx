import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-secondary/10 text-secondary",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        brand: "border-transparent bg-primary text-primary-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        outline: "border-border text-foreground",
        /** Leaderboard medals: dark text on light metal tints keeps contrast above 4.5:1. */
        gold: "border-amber-300 bg-amber-100 text-amber-900",
        silver: "border-slate-300 bg-slate-100 text-slate-800",
        bronze: "border-orange-300 bg-orange-100 text-orange-900",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
