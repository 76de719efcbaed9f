import { Toaster as Sonner } from "sonner";
import type * as React from "react";

export const TOAST_DURATION_MS = 5000;

/**
 * The spec's toasts: one visible at a time, each dismissed after 5000 ms. Bottom-right,
 * so they never cover the sticky header and its menu.
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
      {...props}
    />
  );
}
