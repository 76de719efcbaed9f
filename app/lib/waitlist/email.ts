/** E-mail addresses are stored trimmed and lower-cased (one member per address). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The leaderboard nickname: the part of the address before the @. */
export function nicknameOf(email: string): string {
  return email.split("@")[0] ?? email;
}
