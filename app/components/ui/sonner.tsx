import { Toaster as Sonner } from "sonner";
import type * as React from "react";

export const TOAST_DURATION_MS = 5000;

/** The spec's toasts: one visible at a time, each dismissed after 5000 ms. */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
      {...props}
    />
  );
}
