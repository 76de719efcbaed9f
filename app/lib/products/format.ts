/** Spec: '$' and two decimals. */
export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

export function productDescription(description: string | null | undefined, siteName: string): string {
  return description?.trim() || `Exciting new product from ${siteName}!`;
}
