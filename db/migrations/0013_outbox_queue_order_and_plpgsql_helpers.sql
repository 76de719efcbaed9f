-- The e-mail sender takes the next message in due order: with the index in the same
-- order, a claim reads one entry however long the queue is (it sorted every due row
-- before, which at a launch spike cost the database more than the sign-ups did).
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at","id") WHERE "email_outbox"."status" = 'pending';
--> statement-breakpoint
-- webhook_enqueue and leaderboard_bump as PL/pgSQL: PostgreSQL 15 plans a LANGUAGE sql
-- function's body again at every call, and a sign-up calls each of them at least twice;
-- PL/pgSQL keeps the plan per session. Same statements, same results.
CREATE OR REPLACE FUNCTION webhook_enqueue(p_type text, p_data jsonb, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH message AS (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id)
  INSERT INTO webhook_messages (endpoint_id, message_id, event_type, payload)
  SELECT e.id, message.id, p_type,
         jsonb_build_object('type', p_type,
                            'timestamp', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'data', p_data)
    FROM webhook_endpoints e, message
   WHERE e.is_enabled AND p_type = ANY (e.events);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leaderboard_bump(p integer, r integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_score_deltas (points, referrals_made, members) VALUES (p, r, delta);
END;
$$;
