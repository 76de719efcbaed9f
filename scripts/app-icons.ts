// The web manifest's PNG icons, drawn from public/favicon.svg (issue 16): run
//   npx tsx scripts/app-icons.ts
// after changing the favicon, and commit public/icons/.
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const root = path.resolve(import.meta.dirname, "..");
const favicon = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const inner = favicon.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

/** `maskable`: the mark inside the safe zone (80 %) on a full-bleed background. */
function iconSvg(maskable: boolean): string {
  if (!maskable) return favicon;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#1E3A8A"/><g transform="translate(9.6 9.6) scale(0.6)">${inner}</g></svg>`;
}

for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-512.png", 512, true],
] as const) {
  const png = new Resvg(iconSvg(maskable), { fitTo: { mode: "width", value: size } }).render().asPng();
  fs.writeFileSync(path.join(root, "public/icons", name), png);
  console.log(`public/icons/${name}: ${png.length} bytes`);
}
