import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** `compact` for a small card in a side column. */
export function Card({ className, compact = false, ...props }: React.ComponentProps<"div"> & { compact?: boolean }) {
  return (
    <div
      data-slot="card"
      className={cn("flex flex-col gap-4 rounded-xl border bg-card text-card-foreground shadow-sm", compact ? "py-4" : "py-6", className)}
      {...props}
    />
  );
}

/** The title above the content, or with `row` the title and something else (an icon, an action) side by side. */
export function CardHeader({ className, row = false, ...props }: React.ComponentProps<"div"> & { row?: boolean }) {
  return <div data-slot="card-header" className={cn("flex px-6", row ? "flex-row justify-between gap-4" : "flex-col gap-1.5", className)} {...props} />;
}

const cardTitleVariants = cva("font-bold", {
  variants: { size: { base: "text-base", lg: "text-lg leading-tight", xl: "text-xl", figure: "text-4xl" } },
  defaultVariants: { size: "lg" },
});

/**
 * An `h3` unless `as` says otherwise: the level that follows the page's headings, or `p` for a
 * figure (`size="figure"`).
 */
export function CardTitle({
  as: Element = "h3",
  size,
  className,
  ...props
}: React.ComponentProps<"h3"> & VariantProps<typeof cardTitleVariants> & { as?: "h2" | "h3" | "h4" | "p" }) {
  return <Element data-slot="card-title" className={cn(cardTitleVariants({ size }), className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center gap-2 px-6", className)} {...props} />;
}
