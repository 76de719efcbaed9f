import { DEFAULT_BRAND_COLOR, isHexColor, readableTextOn } from "./settings-rules";

/** The CSS variables that carry the brand colour; an invalid or empty colour falls back to the default. */
export function brandColorVariables(color: string): { "--brand": string; "--brand-foreground": string } {
  const brand = isHexColor(color.trim()) ? color.trim() : DEFAULT_BRAND_COLOR;
  return { "--brand": brand, "--brand-foreground": readableTextOn(brand) };
}

/** Recolours the open page (live settings, or an admin's unsaved pick). */
export function applyBrandColor(color: string): void {
  for (const [name, value] of Object.entries(brandColorVariables(color))) document.documentElement.style.setProperty(name, value);
}
