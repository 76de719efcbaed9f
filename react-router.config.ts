import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The JavaScript budget test (tests/bundle) builds into a directory of its own.
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIR ?? "build",
  future: {
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
