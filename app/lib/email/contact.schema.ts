import { z } from "zod";
import { emailAddressSchema } from "./email-address.schema";
import { EMAIL_MISSING_MESSAGE } from "./email-messages";
import { noControlCharacters, noControlCharactersInText } from "~/lib/text-rules";

// The field errors are English text, their own ids, translated by the contact page (its catalog, lingui.config.ts).
export const ContactInputSchema = z.object({
  name: z.string().trim().min(1, /*i18n*/ "Please enter your name.").max(120, /*i18n*/ "Please keep your name under 120 characters.").refine(...noControlCharacters),
  email: emailAddressSchema(EMAIL_MISSING_MESSAGE),
  subject: z.string().trim().min(1, /*i18n*/ "Please enter a subject.").max(200, /*i18n*/ "Please keep the subject under 200 characters.").refine(...noControlCharacters),
  message: z.string().trim().min(1, /*i18n*/ "Please enter your message.").max(5000, /*i18n*/ "Please keep your message under 5000 characters.").refine(...noControlCharactersInText),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;
export type ContactField = keyof ContactInput;
