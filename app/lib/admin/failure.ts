import type { FailureToast } from "./action-result";

/** A screen's failure toast, fixed or chosen from the posted fields (e.g. by intent). */
export type AdminFailure = FailureToast | ((form: FormData) => FailureToast);

export function failureFor(failure: AdminFailure, form: FormData): FailureToast {
  return typeof failure === "function" ? failure(form) : failure;
}
