import { z } from "zod";
import { BIRTH_DATE_MESSAGE } from "~/lib/consent/age-messages";
import { noControlCharacters } from "~/lib/text-rules";

// The prize claim page's two forms (ADR 0043): the neutral age question, asked only of a
// winner with no consent on record, and the shipping address. Bounded, one line each.

function requiredLine(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong).refine(...noControlCharacters);
}

function optionalLine(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).refine(...noControlCharacters).default("");
}

export const ShippingAddressSchema = z.object({
  intent: z.literal("address"),
  token: z.string({ error: /*i18n*/ "This claim link is incomplete." }).max(200),
  deliveryName: requiredLine(/*i18n*/ "Enter the name the parcel should be addressed to.", 120, /*i18n*/ "Please keep the name under 120 characters."),
  addressLine1: requiredLine(/*i18n*/ "Enter the street address.", 200, /*i18n*/ "Please keep each address line under 200 characters."),
  addressLine2: optionalLine(200, /*i18n*/ "Please keep each address line under 200 characters."),
  city: requiredLine(/*i18n*/ "Enter the town or city.", 100, /*i18n*/ "Please keep the town or city under 100 characters."),
  region: optionalLine(100, /*i18n*/ "Please keep the state or region under 100 characters."),
  postalCode: optionalLine(20, /*i18n*/ "Please keep the postal code under 20 characters."),
  country: requiredLine(/*i18n*/ "Enter the country.", 100, /*i18n*/ "Please keep the country under 100 characters."),
});
export type ShippingAddressInput = z.infer<typeof ShippingAddressSchema>;
/** What is encrypted and stored: the form without its intent and token. */
export type ShippingAddress = Omit<ShippingAddressInput, "intent" | "token">;

export const ClaimAgeSchema = z.object({
  intent: z.literal("age"),
  token: z.string({ error: /*i18n*/ "This claim link is incomplete." }).max(200),
  birthMonth: z.string({ error: BIRTH_DATE_MESSAGE }).trim().max(2, BIRTH_DATE_MESSAGE),
  birthYear: z.string({ error: BIRTH_DATE_MESSAGE }).trim().max(4, BIRTH_DATE_MESSAGE),
  /** The age question's country (ADR 0063), read as the join form's is (ageCountryField): two letters, else none. */
  country: z
    .string()
    .max(8)
    .catch("")
    .transform((value) => (/^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined))
    .optional(),
});
export type ClaimAgeInput = z.infer<typeof ClaimAgeSchema>;

/** Everything the claim page posts. */
export const PrizeClaimActionSchema = z.discriminatedUnion("intent", [ShippingAddressSchema, ClaimAgeSchema]);
