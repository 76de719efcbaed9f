import { z } from "zod";
import { STAFF_ROLES } from "~/lib/auth/roles";
import { emailAddressSchema } from "~/lib/email/email-address.schema";
import { EMAIL_REQUIRED_MESSAGE } from "~/lib/email/email-messages";
import { noControlCharacters } from "~/lib/text-rules";

const role = z.enum(STAFF_ROLES, { message: "Choose a role." });
const userId = z.string().max(64).refine(...noControlCharacters);

export const TeamInviteSchema = z.object({ intent: z.literal("invite"), email: emailAddressSchema(EMAIL_REQUIRED_MESSAGE), role });
export const TeamRoleSchema = z.object({ intent: z.literal("role"), userId, role });
export const TeamRemoveSchema = z.object({ intent: z.literal("remove"), userId });
export const TeamExportSchema = z.object({ intent: z.literal("viewer-export"), viewersMayExport: z.literal("on").optional() });

/** Everything the Team screen posts. */
export const TeamActionSchema = z.discriminatedUnion("intent", [TeamInviteSchema, TeamRoleSchema, TeamRemoveSchema, TeamExportSchema]);
