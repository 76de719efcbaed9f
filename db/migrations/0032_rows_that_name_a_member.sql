ALTER TABLE "webhook_messages" ADD COLUMN "member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "notice_email_id" bigint;--> statement-breakpoint
CREATE INDEX "webhook_messages_member_ids_idx" ON "webhook_messages" USING gin ("member_ids");--> statement-breakpoint
-- Messages queued before this migration: the members their data names, as webhook_member_ids reads them (ADR 0059).
UPDATE "webhook_messages" SET "member_ids" = ARRAY(
  SELECT DISTINCT (found.v #>> '{}')::uuid
    FROM (SELECT jsonb_path_query(payload -> 'data', 'lax $.**.memberId')
          UNION ALL SELECT jsonb_path_query(payload -> 'data', 'lax $.**.referrerId')
          UNION ALL SELECT jsonb_path_query(payload -> 'data', 'lax $.**.referredId')) AS found(v)
   WHERE jsonb_typeof(found.v) = 'string'
     AND (found.v #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');--> statement-breakpoint
-- Requests still open: the notice each asks with (the link's token is not kept, so by the
-- parent's address and the time of the request).
UPDATE "consent_requests" r SET "notice_email_id" = (
  SELECT max(o.id) FROM "email_outbox" o
   WHERE o.kind = 'parent_consent' AND o.to_address = r.parent_email
     AND o.created_at BETWEEN r.requested_at - interval '1 minute' AND r.requested_at + interval '1 minute');--> statement-breakpoint
-- Counters of a person were keyed by the address itself or an unkeyed hash of it; they are now
-- keyed by a keyed hash (ADR 0059). The old windows (an hour at most) would keep a linkable trace.
DELETE FROM "rate_limits" WHERE "key" LIKE 'sign-in:email:%' OR "key" LIKE 'consent:parent:%' OR "key" LIKE 'unsubscribe:token:%';
