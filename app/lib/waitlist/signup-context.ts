// Coarse facts recorded at signup for the reports: a device class from the user agent
// and a country guessed from what the browser itself says (language, time zone).
// Nothing is looked up elsewhere.

export type DeviceClass = "mobile" | "tablet" | "desktop" | "bot" | "unknown";

export function deviceClassOf(userAgent: string | null | undefined): DeviceClass {
  if (!userAgent) return "unknown";
  if (/bot|crawler|spider|headless|curl|wget/i.test(userAgent)) return "bot";
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(userAgent)) return "tablet";
  if (/mobi|iphone|ipod|android|windows phone/i.test(userAgent)) return "mobile";
  if (/windows|macintosh|mac os x|linux|cros/i.test(userAgent)) return "desktop";
  return "unknown";
}

// Time zones that name one country; a language tag without a region falls back to these.
const COUNTRY_BY_TIME_ZONE: Record<string, string> = {
  "America/New_York": "US", "America/Chicago": "US", "America/Denver": "US", "America/Phoenix": "US",
  "America/Los_Angeles": "US", "America/Anchorage": "US", "Pacific/Honolulu": "US", "America/Detroit": "US",
  "America/Toronto": "CA", "America/Vancouver": "CA", "America/Edmonton": "CA", "America/Winnipeg": "CA",
  "America/Halifax": "CA", "America/Mexico_City": "MX", "America/Sao_Paulo": "BR", "America/Argentina/Buenos_Aires": "AR",
  "America/Bogota": "CO", "America/Lima": "PE", "America/Santiago": "CL", "Europe/London": "GB", "Europe/Dublin": "IE",
  "Europe/Paris": "FR", "Europe/Berlin": "DE", "Europe/Madrid": "ES", "Europe/Rome": "IT", "Europe/Amsterdam": "NL",
  "Europe/Brussels": "BE", "Europe/Zurich": "CH", "Europe/Vienna": "AT", "Europe/Stockholm": "SE", "Europe/Oslo": "NO",
  "Europe/Copenhagen": "DK", "Europe/Helsinki": "FI", "Europe/Warsaw": "PL", "Europe/Prague": "CZ", "Europe/Lisbon": "PT",
  "Europe/Athens": "GR", "Europe/Istanbul": "TR", "Europe/Kyiv": "UA", "Asia/Tokyo": "JP", "Asia/Seoul": "KR",
  "Asia/Shanghai": "CN", "Asia/Hong_Kong": "HK", "Asia/Singapore": "SG", "Asia/Kolkata": "IN", "Asia/Manila": "PH",
  "Asia/Jakarta": "ID", "Asia/Bangkok": "TH", "Asia/Dubai": "AE", "Africa/Johannesburg": "ZA", "Africa/Lagos": "NG",
  "Africa/Cairo": "EG", "Africa/Nairobi": "KE", "Australia/Sydney": "AU", "Australia/Melbourne": "AU",
  "Australia/Brisbane": "AU", "Australia/Perth": "AU", "Pacific/Auckland": "NZ",
};

/** An ISO 3166 country code from "en-GB"-style language tags or the time zone; null when unsure. */
export function countryOf({ language, timeZone }: { language?: string; timeZone?: string }): string | null {
  const region = language?.match(/^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/)?.[1];
  if (region) return region.toUpperCase();
  return (timeZone && COUNTRY_BY_TIME_ZONE[timeZone]) || null;
}
