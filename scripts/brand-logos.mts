// The default logo in two variants (issue 16): navy word-mark for light backgrounds
// (public/brand/logo.svg) and white for dark ones (public/brand/logo-dark.svg). The name is
// drawn as outlines in Baloo 2, the headings' face, so an <img> shows it the same on
// every device (an SVG image cannot use the page's fonts). Run after changing them:
//   npx tsx scripts/brand-logos.mts
import fs from "node:fs";
import path from "node:path";
import satori from "satori";
import { DEFAULT_LOGO_SIZE } from "../app/lib/settings/settings-rules";

const root = path.resolve(import.meta.dirname, "..");
const font = fs.readFileSync(path.join(root, "node_modules/@fontsource/baloo-2/files/baloo-2-latin-800-normal.woff"));
const NAME = "Vista Crew";
const { width: WIDTH, height: HEIGHT } = DEFAULT_LOGO_SIZE;

function compass(wordColour: string) {
  return {
    type: "div",
    props: {
      style: { display: "flex", alignItems: "center", width: WIDTH, height: HEIGHT },
      children: [
        {
          type: "svg",
          props: {
            width: 44,
            height: 44,
            viewBox: "0 0 48 48",
            children: [
              { type: "circle", props: { cx: 24, cy: 24, r: 22, fill: "#F8A719" } },
              { type: "path", props: { d: "M24 6 L29 24 L24 42 L19 24 Z", fill: "#1E3A8A" } },
              { type: "path", props: { d: "M6 24 L24 20 L42 24 L24 28 Z", fill: "#ffffff", opacity: 0.9 } },
              { type: "circle", props: { cx: 24, cy: 24, r: 3.5, fill: "#1E3A8A" } },
            ],
          },
        },
        { type: "div", props: { style: { marginLeft: 8, fontSize: 30, fontFamily: "Baloo 2", fontWeight: 800, color: wordColour, lineHeight: 1 }, children: NAME } },
      ],
    },
  };
}

for (const [file, colour] of [
  ["logo.svg", "#1E3A8A"],
  ["logo-dark.svg", "#FFFFFF"],
] as const) {
  const svg = await satori(compass(colour) as never, { width: WIDTH, height: HEIGHT, fonts: [{ name: "Baloo 2", data: font, weight: 800, style: "normal" }] });
  const titled = svg.replace(/^<svg /, `<svg role="img" aria-label="${NAME}" `);
  fs.writeFileSync(path.join(root, "public/brand", file), `${titled}\n`);
  console.log(`public/brand/${file}: ${titled.length} bytes`);
}
