// ESLint flat config: `npm run lint` (no warnings allowed).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["build/", ".react-router/", "data/", "node_modules/", "test-results/"]),
  // TEMP: lead is rewriting these (admin screens and the waitlist form on Conform;
  // session-timeout.tsx is being reworked in the rules branch). They break
  // react-hooks rules today; drop each path once its rewrite lints clean.
  globalIgnores([
    "app/components/admin/report-charts.tsx",
    "app/components/admin/rich-text-editor.tsx",
    "app/components/admin/use-admin-json.ts",
    "app/components/session-timeout.tsx",
    "app/components/waitlist-form.tsx",
    "app/routes/admin/products.tsx",
    "app/routes/admin/settings.tsx",
    "app/routes/admin/social-share.tsx",
    "app/routes/admin/text-editor.tsx",
    "app/routes/admin/video-manager.tsx",
    "app/routes/admin/welcome-email-editor.tsx",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
  },
);
