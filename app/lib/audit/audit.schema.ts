import { z } from "zod";

/** The Audit Log's filters (a GET form): anything unexpected reads as "no filter". */
export const AuditFilterQuery = z.object({
  actor: z.enum(["admin", "api_key", "system"]).optional().catch(undefined),
  target: z.string().max(40).regex(/^[a-z_]+$/).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export type AuditFilterInput = z.infer<typeof AuditFilterQuery>;
