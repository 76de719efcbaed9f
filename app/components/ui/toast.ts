import type { ExternalToast } from "sonner";

// sonner's `toast`, with sonner downloaded when a page first needs it (ADR 0025): after
// the page has settled, or at the first toast. sonner keeps toasts made before its
// Toaster mounts and shows them once it does.

let isToasterWanted = false;
const listeners = new Set<() => void>();

/** Asks the root to mount the Toaster (and so download sonner). */
export function wantToaster() {
  if (isToasterWanted) return;
  isToasterWanted = true;
  listeners.forEach((listener) => listener());
}

export function subscribeToToasterWanted(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterWantedNow = () => isToasterWanted;

type Kind = "message" | "success" | "error";

function show(kind: Kind, message: string, data?: ExternalToast) {
  wantToaster();
  void import("sonner").then(({ toast: sonner }) => (kind === "message" ? sonner(message, data) : sonner[kind](message, data)));
}

export const toast = Object.assign((message: string, data?: ExternalToast) => show("message", message, data), {
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
});
