// What an API key may do. Reads and writes are separate so a shop can list members
// without being able to block them.
export const API_SCOPES = {
  "members:read": "List and read members",
  "members:write": "Add members (joins, with the fair-play rules) and change tags, notes and blocking",
  "referrals:read": "List referrals and the review queue",
  "referrals:write": "Approve or reject referrals held for review",
  "leaderboard:read": "Read the leaderboard and a member's rank",
  "products:read": "List and read products",
  "products:write": "Create, change and delete products",
  "settings:read": "Read the public site settings",
  "stats:read": "Read member counts and the funnel",
  "broadcasts:read": "List broadcasts and follow their progress",
  "broadcasts:write": "Send, schedule, pause, resume and cancel broadcasts to the list",
  "waves:read": "List waves of invitations and their redemption",
  "waves:write": "Invite a wave of members (each gets an invite e-mail)",
} as const;

export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as ApiScope[];

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && value in API_SCOPES;
}
