/** E-mail addresses are stored trimmed and lower-cased (one member per address). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The part of the address before the @, for admin screens only (reports, the overview, a
 * team member's account name). Never on a public surface: members appear there by crew
 * name (app/lib/crew-names, ADR 0042).
 */
export function nicknameOf(email: string): string {
  return email.split("@")[0] ?? email;
}
