// A member's place in the launch (ADR 0049): waiting (no invite row), invited, admitted.
// No server imports: the dashboard and Waitlist Emails render these labels.
export const LAUNCH_STATUSES = ["waiting", "invited", "admitted"] as const;
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number];

export const LAUNCH_STATUS_LABEL: Record<LaunchStatus, string> = { waiting: /*i18n*/ "Waiting", invited: /*i18n*/ "Invited", admitted: /*i18n*/ "Admitted" };
