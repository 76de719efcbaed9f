import type { I18n } from "@lingui/core";

/** Spec: '$' and two decimals. */
export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

/** A product's description, or, when it has none, the spec's line in the reader's language (the back office's is English). */
export function productDescription(description: string | null | undefined, siteName: string, i18n?: I18n): string {
  const fallback = /*i18n*/ "Exciting new product from {siteName}!";
  return description?.trim() || (i18n ? i18n._(fallback, { siteName }) : fallback.replace("{siteName}", siteName));
}
