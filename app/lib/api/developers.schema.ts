import { z } from "zod";
import { noControlCharacters } from "~/lib/text-rules";
import { WEBHOOK_EVENT_NAMES } from "~/lib/webhooks/events";
import { API_SCOPE_NAMES } from "./scopes";

export const CreateApiKeySchema = z.object({
  intent: z.literal("create"),
  name: z.string({ error: "Name the key after what uses it." }).trim().min(1, "Name the key after what uses it.").max(80, "Keep the name under 80 characters.").refine(...noControlCharacters),
  scopes: z.array(z.enum(API_SCOPE_NAMES as [string, ...string[]]), { error: "Choose at least one permission." }).min(1, "Choose at least one permission."),
  /** "never", or days from now (the choices of KEY_EXPIRY_CHOICES). */
  expiresIn: z.enum(["never", "30", "90", "365"], { error: "Choose when the key expires." }).default("never"),
});

/** The "Expires" choices of a new key, in the order shown. */
export const KEY_EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 365 days" },
] as const;

export const RevokeApiKeySchema = z.object({ intent: z.literal("revoke"), id: z.string().max(64).refine(...noControlCharacters) });


const endpointId = z.string().max(64).refine(...noControlCharacters);

export const CreateWebhookSchema = z.object({
  intent: z.literal("add-endpoint"),
  url: z.string({ error: "Enter the endpoint's address." }).trim().min(1, "Enter the endpoint's address.").max(2000, "The address is too long.").refine(...noControlCharacters),
  description: z.string().trim().max(200, "Keep the description under 200 characters.").refine(...noControlCharacters).default(""),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES as [string, ...string[]]), { error: "Choose at least one event." }).min(1, "Choose at least one event."),
  /** A test endpoint: the only kind that gets events during a rehearsal (ADR 0051). */
  isTest: z.boolean().default(false),
});

export const WebhookChangeSchema = z.object({
  intent: z.enum(["enable-endpoint", "disable-endpoint", "delete-endpoint", "test-endpoint", "reveal-secret", "rotate-secret", "mark-test-endpoint", "mark-live-endpoint"]),
  id: endpointId,
});

export const ResendWebhookSchema = z.object({ intent: z.literal("resend"), messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Everything the Developers screen posts. */
export const DevelopersActionSchema = z.discriminatedUnion("intent", [
  CreateApiKeySchema,
  RevokeApiKeySchema,
  CreateWebhookSchema,
  ResendWebhookSchema,
  WebhookChangeSchema.extend({ intent: z.literal("enable-endpoint") }),
  WebhookChangeSchema.extend({ intent: z.literal("disable-endpoint") }),
  WebhookChangeSchema.extend({ intent: z.literal("delete-endpoint") }),
  WebhookChangeSchema.extend({ intent: z.literal("test-endpoint") }),
  WebhookChangeSchema.extend({ intent: z.literal("reveal-secret") }),
  WebhookChangeSchema.extend({ intent: z.literal("rotate-secret") }),
  WebhookChangeSchema.extend({ intent: z.literal("mark-test-endpoint") }),
  WebhookChangeSchema.extend({ intent: z.literal("mark-live-endpoint") }),
]);
