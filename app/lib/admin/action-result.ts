import type { SubmissionResult } from "@conform-to/react";

export type ToastMessage = { kind: "success" | "error"; title: string; description?: string };

/** What an admin screen says when a change fails: the spec's title and its lead-in text. */
export type FailureToast = { title: string; lead?: string };

/** The one answer shape of every admin action (server and, when offline, the browser's). */
export type AdminActionResult<Value = unknown> = {
  ok: boolean;
  toast: ToastMessage;
  /** Conform's reply: field errors to show, or a reset after a save. */
  form?: SubmissionResult<string[]>;
  value?: Value;
};

export const NETWORK_FAILURE_MESSAGE = "The server could not be reached. Your changes are still here; please try again.";

export function failureToast(failure: FailureToast, message: string): ToastMessage {
  return { kind: "error", title: failure.title, description: `${failure.lead ?? ""}${message}` };
}
