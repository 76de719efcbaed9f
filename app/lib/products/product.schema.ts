import { z } from "zod";
import { noControlCharacters, noControlCharactersInText } from "~/lib/text-rules";

// Spec §5: ftp, http or https address without spaces.
export const PURCHASE_LINK_PATTERN = /^(ftp|https?):\/\/[^\s/$.?#].[^\s]*$/i;

export const ProductInputSchema = z.object({
  name: z
    .string({ error: "Product name is required" })
    .trim().min(1, "Product name is required").max(200, "Please keep the name under 200 characters").refine(...noControlCharacters),
  description: z.string().trim().max(2000, "Please keep the description under 2000 characters").refine(...noControlCharactersInText).default(""),
  price: z
    .string({ error: "Price is required" })
    .trim()
    .min(1, "Price is required")
    .refine(...noControlCharacters)
    .refine((value) => Number.isFinite(Number(value)), "Price must be a number")
    .transform(Number)
    .refine((value) => value >= 0, "Price must be positive")
    .refine((value) => value < 1_000_000, "Price is too high")
    .transform((value) => Math.round(value * 100) / 100),
  purchaseLink: z
    .string()
    .trim()
    .max(2000, "Enter a valid URL")
    .refine(...noControlCharacters)
    .default("")
    .refine((value) => value === "" || PURCHASE_LINK_PATTERN.test(value), "Enter a valid URL")
    .transform((value) => value || null),
  imageUrl: z
    .string()
    .trim()
    .max(2000, "Enter a valid image URL")
    .refine(...noControlCharacters)
    .default("")
    .refine((value) => value === "" || value.startsWith("/") || /^https?:\/\//i.test(value), "Enter a valid image URL")
    .transform((value) => value || null),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** The product form: add, or edit when `id` is set. */
export const ProductSaveSchema = ProductInputSchema.extend({ intent: z.literal("save"), id: z.string().max(64).refine(...noControlCharacters).optional() });

/** Everything the Products screen posts: the form, or a deletion. */
export const ProductActionSchema = z.discriminatedUnion("intent", [
  ProductSaveSchema,
  z.object({ intent: z.literal("delete"), id: z.string().max(64).refine(...noControlCharacters) }),
]);

