// The claim page's native constraints before Zod loads (ADR 0025), as Conform derives
// them from `ShippingAddressSchema` and `ClaimAgeSchema` (a test keeps them equal).
export const SHIPPING_ADDRESS_CONSTRAINTS = {
  intent: { required: true },
  token: { required: true },
  deliveryName: { required: true },
  addressLine1: { required: true },
  addressLine2: { required: false },
  city: { required: true },
  region: { required: false },
  postalCode: { required: false },
  country: { required: true },
};

export const CLAIM_AGE_CONSTRAINTS = {
  intent: { required: true },
  token: { required: true },
  birthMonth: { required: true },
  birthYear: { required: true },
  country: { required: false },
};

/** What a winner under the consent age reads (and a claim refused for want of consent answers). */
export const NEEDS_PARENT_MESSAGE =
  /*i18n*/ "A parent or guardian must give consent before we can send a prize. Your prize is kept for you: ask a parent or guardian to contact us through the Contact page.";
