import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { PAGE_CATALOGS, pageFilePath } from "./app/lib/i18n/catalog-list";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./app/kernel/i18n/languages";

// The public site's messages (issue 31, ADR 0053). The English text is the message's id (the
// gettext way: a translator reads it in the .po file), one catalog per page and one shared
// catalog for the chrome, forms and domain messages, so a page is sent only its own.
// `npm run i18n:extract` gathers them from the code; `npm run i18n:compile` writes the JSON
// the server reads. The back office stays English (ADR 0053).
// E-mails are written where they are rendered, in files named `*-email.ts` / `*-emails.ts`
// (and the frame, email/layout.ts): their own catalog, which the server reads and no page is sent.
const EMAIL_FILES = ["<rootDir>/app/lib/**/*-email.ts", "<rootDir>/app/lib/**/*-emails.ts", "<rootDir>/app/lib/email/layout.ts"];
// Each page's catalog and its files: app/lib/i18n/catalog-list.ts. A page's domain files
// (a path with a folder) stay out of the shared catalog every page is sent.
const PAGE_DOMAIN_FILES = Object.values(PAGE_CATALOGS)
  .flat()
  .filter((file) => file.includes("/"));
const page = ([name, files]: [string, readonly string[]]) => ({ path: `<rootDir>/app/locales/{locale}/${name}`, include: files.map((file) => `<rootDir>/app/${pageFilePath(file)}`) });

export default defineConfig({
  sourceLocale: DEFAULT_LANGUAGE,
  locales: [...LANGUAGES],
  fallbackLocales: { default: DEFAULT_LANGUAGE },
  // Files, not line numbers, as each message's origin: an edit elsewhere in a file leaves the catalogs alone.
  format: formatter({ lineNumbers: false }),
  compileNamespace: "json",
  orderBy: "messageId",
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}/common",
      include: ["<rootDir>/app/root.tsx", "<rootDir>/app/components", "<rootDir>/app/lib"],
      exclude: ["**/admin/**", "**/*.test.*", "**/*.server.test.*", ...EMAIL_FILES, ...PAGE_DOMAIN_FILES.map((file) => `<rootDir>/app/${file}`)],
    },
    { path: "<rootDir>/app/locales/{locale}/emails", include: EMAIL_FILES, exclude: ["**/*.test.*"] },
    ...Object.entries(PAGE_CATALOGS).map(page),
  ],
});
