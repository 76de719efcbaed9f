import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Who changed what, from the back office, the API or the system itself, with the values
// before and after (Admin → Audit Log). The actor's name is kept as it was at the time.
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorKind: text("actor_kind", { enum: ["admin", "api_key", "system"] }).notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_events_occurred_idx").on(t.occurredAt.desc(), t.id.desc()),
    index("audit_events_target_idx").on(t.targetType, t.targetId),
  ],
);
