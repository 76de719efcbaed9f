// The layers and the directions an import may take between them (issue 41, ADR 0075): the
// one list of allowed directions. Lower layers never import higher ones.
//   kernel       app/kernel/ and db/schema/: the database, environment, errors, log,
//                HTTP helpers, secrets compared in constant time, the language list. Knows
//                nothing of the product.
//   domains      app/lib/: what the product does, each folder a noun.
//   composition  routes, components and the Express server; also, as files rather than
//                folders, the root and entry modules and the demo seed (db/seed.ts), which
//                nothing imports.
// Tests, benches and scripts sit outside the layers and may import any of them.
import boundaries from "eslint-plugin-boundaries";

export const LAYERS = [
  { type: "kernel", pattern: ["app/kernel/**", "db/schema/**"], partialMatch: false },
  { type: "domains", pattern: ["app/lib/**"], partialMatch: false },
  { type: "composition", pattern: ["app/routes/**", "app/components/**", "server/**"], partialMatch: false },
];

/** What each layer may not import: everything above it. */
const ABOVE = {
  kernel: ["domains", "composition"],
  domains: ["composition"],
};

export const layersConfig = {
  files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server/**/*.{ts,js}"],
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  plugins: { boundaries },
  settings: {
    "import/resolver": { typescript: { project: "./tsconfig.json" } },
    "boundaries/elements": LAYERS,
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: Object.entries(ABOVE).map(([layer, above]) => ({
          from: { element: { type: layer } },
          disallow: { to: { element: { types: { anyOf: above } } } },
        })),
      },
    ],
  },
};
