import { sitemapXml } from "~/lib/site-index/site-index.server";

export async function loader() {
  return new Response(await sitemapXml(), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
