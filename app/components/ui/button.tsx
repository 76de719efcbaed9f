import { cva, type VariantProps } from "class-variance-authority";
import { cloneElement, isValidElement } from "react";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:brightness-95",
        secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/90",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-card text-foreground shadow-sm hover:bg-muted",
        ghost: "hover:bg-muted",
        link: "text-secondary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm font-semibold",
        sm: "h-9 px-3 text-sm font-semibold",
        /** The big calls to action: bold. */
        lg: "h-12 px-6 text-base font-bold",
        icon: "size-10 text-sm font-semibold",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

type ChildProps = Record<string, unknown> & { className?: string };

/**
 * A button, or with `asChild` its one child (a link) dressed as one. The child keeps its
 * own props; ours fill in around them. (Radix's Slot did this; public pages load no Radix.)
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<ChildProps>(children)) {
    return cloneElement(children, { "data-slot": "button", ...props, ...children.props, className: cn(classes, children.props.className) });
  }
  return (
    <button data-slot="button" className={classes} {...props}>
      {children}
    </button>
  );
}
