import { getEnv } from "../../kernel/env.server";
import { listProducts } from "../products/products.server";
import { getSiteSettings } from "../settings/settings.server";

/** Public pages a search engine may list (not sign-in, member, admin or one-time pages). */
const PUBLIC_PATHS = ["/", "/trailer", "/join-waitlist", "/rewards", "/hall-of-fame", "/faq", "/contact", "/terms", "/privacy"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** sitemap.xml: the public pages, the leaderboard while it is shown, every product page. */
export async function sitemapXml(): Promise<string> {
  const { origin } = getEnv();
  const [{ leaderboardVisible }, products] = await Promise.all([getSiteSettings(["leaderboardVisible"]), listProducts()]);
  const paths = [...PUBLIC_PATHS, ...(leaderboardVisible ? ["/leaderboard"] : []), ...products.map((product) => `/products/${product.id}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; the back office, accounts and the API not. */
export function robotsTxt(): string {
  const { origin } = getEnv();
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /thank-you",
    "Disallow: /login",
    "Disallow: /auth/",
    "Disallow: /dev/",
    "Disallow: /embed/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The web app manifest: installable from a phone's browser with the series' name and icons. */
export function webManifest() {
  const { SITE_NAME } = getEnv();
  return {
    name: SITE_NAME,
    short_name: SITE_NAME.length <= 12 ? SITE_NAME : SITE_NAME.split(/\s+/)[0],
    description: `Join the ${SITE_NAME} waitlist and earn rewards.`,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#fffdf7",
    theme_color: "#1e3a8a",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
