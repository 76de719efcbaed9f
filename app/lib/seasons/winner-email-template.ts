// The e-mail a confirmed winner gets (Admin → Seasons → Winner e-mail, with history like
// the welcome e-mail). It goes to the member's contact address (a parent's, for a child
// who joined with a parent's consent) and links to the prize claim page (ADR 0043), which
// asks for the address only once consent is on record; nobody is asked to reply with one.
export const DEFAULT_SEASON_WINNER_EMAIL_HTML = [
  "<p>Hi {{NICKNAME}} — you finished #{{RANK}} on the {{SEASON}} leaderboard and won: <strong>{{PRIZE}}</strong>!</p>",
  "<p>Grown-ups: to get the prize, open the claim page with the button below (it works for 60 days) and enter the delivery address there. Please don't send an address by e-mail. The claim page keeps it encrypted; we use it only to post the prize and delete it 30 days after sending.</p>",
  "<p>Thanks for sharing the adventure,<br>The Vista Crew team</p>",
].join("");

/** The default before claim links (issue 28): a saved copy of it reads as the new default, so nobody is asked to reply with an address. */
export const LEGACY_SEASON_WINNER_EMAIL_HTML = [
  "<p>Hi {{NICKNAME}} — you finished #{{RANK}} on the {{SEASON}} leaderboard and won: <strong>{{PRIZE}}</strong>!</p>",
  "<p>Grown-ups: to send the prize, please reply to this e-mail with the name and shipping address it should go to. We only use it to post the prize and delete it afterwards.</p>",
  "<p>Thanks for sharing the adventure,<br>The Vista Crew team</p>",
].join("");

export const WINNER_EMAIL_PLACEHOLDERS = ["{{NICKNAME}}", "{{RANK}}", "{{PRIZE}}", "{{SEASON}}"] as const;
