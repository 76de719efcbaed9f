// The websites allowed to show the embeddable join form (Site Settings): origins like
// "https://shop.example.com" (scheme, host and port; no path).
export const MAX_EMBED_ORIGINS = 50;

/** The iframe variant of the join form, the one page those websites may frame. */
export const EMBED_FRAME_PATH = "/embed/join";

/** "https://Shop.Example.com/page" → "https://shop.example.com"; anything but an http(s) origin → null. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function parseOriginList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const origins = value.filter((entry): entry is string => typeof entry === "string").map(originOf).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)].slice(0, MAX_EMBED_ORIGINS);
}
