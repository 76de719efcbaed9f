/**
 * The public site's page catalogs, named once (issue 41): `lingui.config.ts` makes a catalog of
 * each page's files, and the server reads the compiled catalogs by these names. A file is under
 * `app/routes/` unless its path names a folder (then it is from `app/`): a domain file whose
 * messages only that page shows (its form's errors, its refusals) belongs to the page's
 * catalog, not to the shared one every page is sent.
 */
export const PAGE_CATALOGS = {
  home: ["_index.tsx"],
  join: ["join-waitlist.tsx"],
  "thank-you": ["thank-you.tsx"],
  leaderboard: ["leaderboard.tsx"],
  "parent-consent": ["parent-consent.tsx"],
  dashboard: [
    "dashboard.tsx",
    "lib/crew-names/crew-name.server.ts",
    "lib/privacy/privacy-request.server.ts",
    "components/my-family.tsx",
    "lib/consent/child-choices.server.ts",
    "lib/family/family.server.ts",
  ],
  login: ["login.tsx", "lib/auth/login-form.ts", "lib/auth/magic-link.server.ts"],
  trailer: ["trailer.tsx", "start.tsx"],
  rewards: ["rewards.tsx", "lib/seasons/prize-cards.ts"],
  faq: ["faq.tsx"],
  contact: ["contact.tsx", "lib/email/contact.schema.ts", "lib/email/contact.server.ts"],
  terms: ["terms.tsx"],
  privacy: ["privacy.tsx"],
  "hall-of-fame": ["hall-of-fame.tsx"],
  product: ["product.tsx"],
  unsubscribe: ["unsubscribe.tsx"],
  invite: ["invite.tsx", "lib/launch/invite-messages.ts"],
  "claim-prize": ["claim-prize.tsx", "lib/prizes/prize-claim-form.ts", "lib/prizes/prize-claim.schema.ts", "lib/prizes/prize-claims.server.ts"],
  "confirm-email": ["confirm-email.tsx"],
  address: ["account.address.tsx", "confirm-address.tsx", "lib/contact-address/address-change-rules.ts"],
  "delete-my-data": ["delete-my-data.tsx"],
  "parent-answer": ["parent-consent.answer.tsx", "parent-consent.revoke.tsx"],
  unauthorized: ["unauthorized.tsx"],
} as const satisfies Record<string, readonly string[]>;

export type PageCatalog = keyof typeof PAGE_CATALOGS;
/** Every catalog: the shared one every page is sent, the e-mails' own (no page is sent it), the pages'. */
export type Namespace = "common" | "emails" | PageCatalog;
export const NAMESPACES: readonly Namespace[] = ["common", "emails", ...(Object.keys(PAGE_CATALOGS) as PageCatalog[])];

/** A page file's path from `app/`. */
export const pageFilePath = (file: string) => (file.includes("/") ? file : `routes/${file}`);
