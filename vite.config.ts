import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// What every hydrated page runs, in two files instead of ~30 small ones (ADR 0025): the
// framework, and the shell the root draws (its UI kit and settings). Radix, Zod, Conform
// and the back office's libraries stay in the chunks of the pages that use them.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
const SHELL = [
  /node_modules[\\/](clsx|class-variance-authority)[\\/]/,
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
  /app[\\/]components[\\/]ui[\\/](button|input|label|card|toast)\.tsx?$/,
  /app[\\/]components[\\/](live-settings|brand-logo|notice-page|use-is-hydrated)\.tsx?$/,
  /app[\\/]lib[\\/](utils|settings[\\/]brand-color|settings[\\/]settings-rules)\.ts$/,
];

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "shell", test: (id: string) => SHELL.some((pattern) => pattern.test(id)), priority: 1 },
              ],
            },
          },
        },
  },
  resolve: { tsconfigPaths: true },
  server: { watch: { ignored: ["**/data/**", "**/build/**", "**/.builds/**", "**/*.log"] } },
  plugins: [tailwindcss(), reactRouter()],
}));
