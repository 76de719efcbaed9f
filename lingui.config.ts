import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The public site's messages (issue 31, ADR 0053). The English text is the message's id (the
// gettext way: a translator reads it in the .po file), one catalog per page and one shared
// catalog for the chrome, forms and domain messages, so a page is sent only its own.
// `npm run i18n:extract` gathers them from the code; `npm run i18n:compile` writes the JSON
// the server reads. The back office stays English (ADR 0053).
// E-mails are written where they are rendered, in files named `*-email.ts` / `*-emails.ts`
// (and the frame, email/layout.ts): their own catalog, which the server reads and no page is sent.
const EMAIL_FILES = ["<rootDir>/app/lib/**/*-email.ts", "<rootDir>/app/lib/**/*-emails.ts", "<rootDir>/app/lib/email/layout.ts"];
// Domain files whose messages only one page shows (its form's errors, its refusals): that page's
// catalog, not the shared one every page is sent.
const PAGE_OWNED = {
  login: ["lib/auth/login-form.ts", "lib/auth/magic-link.server.ts"],
  rewards: ["lib/seasons/prize-cards.ts"],
  "claim-prize": ["lib/prizes/prize-claim-form.ts", "lib/prizes/prize-claim.schema.ts", "lib/prizes/prize-claims.server.ts"],
  address: ["lib/contact-address/address-change-rules.ts"],
  contact: ["lib/email/contact.schema.ts", "lib/email/contact.server.ts"],
  invite: ["lib/launch/invite-messages.ts"],
  dashboard: ["lib/crew-names/crew-name.server.ts", "lib/privacy/privacy-request.server.ts", "components/my-family.tsx", "lib/consent/child-choices.server.ts", "lib/family/family.server.ts"],
};

const page = (name: string, ...files: string[]) => ({ path: `<rootDir>/app/locales/{locale}/${name}`, include: files.map((file) => `<rootDir>/app/${file.includes("/") ? file : `routes/${file}`}`) });

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: { default: "en" },
  // Files, not line numbers, as each message's origin: an edit elsewhere in a file leaves the catalogs alone.
  format: formatter({ lineNumbers: false }),
  compileNamespace: "json",
  orderBy: "messageId",
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}/common",
      include: ["<rootDir>/app/root.tsx", "<rootDir>/app/components", "<rootDir>/app/lib"],
      exclude: ["**/admin/**", "**/*.test.*", "**/*.server.test.*", ...EMAIL_FILES, ...Object.values(PAGE_OWNED).flat().map((file) => `<rootDir>/app/${file}`)],
    },
    { path: "<rootDir>/app/locales/{locale}/emails", include: EMAIL_FILES, exclude: ["**/*.test.*"] },
    page("home", "_index.tsx"),
    page("join", "join-waitlist.tsx"),
    page("thank-you", "thank-you.tsx"),
    page("leaderboard", "leaderboard.tsx"),
    page("parent-consent", "parent-consent.tsx"),
    page("dashboard", "dashboard.tsx", ...PAGE_OWNED.dashboard),
    page("login", "login.tsx", ...PAGE_OWNED.login),
    page("trailer", "trailer.tsx", "start.tsx"),
    page("rewards", "rewards.tsx", ...PAGE_OWNED.rewards),
    page("faq", "faq.tsx"),
    page("contact", "contact.tsx", ...PAGE_OWNED.contact),
    page("terms", "terms.tsx"),
    page("privacy", "privacy.tsx"),
    page("hall-of-fame", "hall-of-fame.tsx"),
    page("product", "product.tsx"),
    page("unsubscribe", "unsubscribe.tsx"),
    page("invite", "invite.tsx", ...PAGE_OWNED.invite),
    page("claim-prize", "claim-prize.tsx", ...PAGE_OWNED["claim-prize"]),
    page("confirm-email", "confirm-email.tsx"),
    page("address", "account.address.tsx", "confirm-address.tsx", ...PAGE_OWNED.address),
    page("delete-my-data", "delete-my-data.tsx"),
    page("parent-answer", "parent-consent.answer.tsx", "parent-consent.revoke.tsx"),
    page("unauthorized", "unauthorized.tsx"),
  ],
});
