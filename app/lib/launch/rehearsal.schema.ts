import { z } from "zod";

/** Site Settings → Rehearsal: start or end a rehearsal (owners only, checked by the domain). */
export const RehearsalActionSchema = z.object({ intent: z.enum(["start-rehearsal", "end-rehearsal"], { error: "Choose start or end." }) });

/** Seasons → "Rehearse closing this month". */
export const RehearseSeasonCloseSchema = z.object({ intent: z.literal("rehearse-close") });

export const REHEARSAL_INTENTS: readonly string[] = RehearsalActionSchema.shape.intent.options;

/** The back office's mailbox page: messages older than `before` (an outbox id). */
export const MailboxPageQuery = z.object({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined) });
