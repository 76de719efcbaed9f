-- The next messages of a sending broadcast whose pace lets them go now (ADR 0050, 0068):
-- at most `p_limit`, and at most a second's worth of the pace, leased for `p_lease_seconds`,
-- each with what its member's copy is filled with. In the same statement, a message whose
-- member is blocked is cancelled and one to a suppressed address is marked suppressed; only
-- those to be sent count against the pace. The broadcast's row is locked while its next slot
-- moves on by `60 / p_per_minute` seconds for each message claimed, so every process together
-- keeps to the pace (the broadcast job queues pages under an advisory lock, not this one).
-- A message whose earlier lease ran out (its process died) is counted in taken_over. A
-- message claimed while rehearsal mode is on, or of a rehearsal's broadcast, is marked so
-- (ADR 0051); like email_outbox_claim it reads the switch under the switch's shared lock and
-- takes nothing while the switch holds or awaits it. A real broadcast sends nothing during
-- a rehearsal.
CREATE OR REPLACE FUNCTION broadcast_claim_batch(p_lease_seconds integer, p_per_minute integer, p_limit integer)
RETURNS TABLE (
  id bigint, to_address text, attempts integer, rehearsal boolean, broadcast_id bigint, member_id uuid,
  crew_name_roll integer, language text, points integer, referrals_made integer, referral_code text,
  is_parent_consented boolean
)
LANGUAGE plpgsql
SET enable_sort = off
SET enable_bitmapscan = off
SET lock_timeout = '2s'
AS $$
DECLARE
  v_broadcast record;
  v_rehearsal boolean;
  v_room integer := least(greatest(p_limit, 1), greatest(1, floor(greatest(p_per_minute, 1) / 60.0)::integer));
  v_ids bigint[];
  v_sendable bigint[];
  v_taken_over integer;
  v_round integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(1587871825) THEN
    RETURN;
  END IF;
  v_rehearsal := rehearsal_mode_on();
  FOR v_broadcast IN
    SELECT b.id, b.rehearsal, b.claimed_through FROM broadcasts b
     WHERE b.status = 'sending' AND b.next_send_at <= now()
       -- During a rehearsal a real broadcast waits, at its place, for the end.
       AND (b.rehearsal OR NOT v_rehearsal)
     ORDER BY b.scheduled_at, b.id
       FOR UPDATE
  LOOP
    -- A run of suppressed addresses is settled a batch a round, and the statement stays short.
    FOR v_round IN 1..8 LOOP
      -- Ahead of the last claim first: the index behind it is full of this broadcast's sent
      -- messages until a vacuum, and walking them at every claim would slow a million-member
      -- send to a crawl. Behind it (a retry, a lease that ran out) once nothing is ahead.
      SELECT array_agg(ahead.id) INTO v_ids FROM (
        SELECT e.id FROM email_outbox e
         WHERE e.broadcast_id = v_broadcast.id AND e.status = 'pending' AND e.id > v_broadcast.claimed_through
           AND e.next_attempt_at <= now() AND (e.locked_until IS NULL OR e.locked_until <= now())
         ORDER BY e.broadcast_id, e.id
         LIMIT v_room
           FOR UPDATE SKIP LOCKED) ahead;
      IF coalesce(cardinality(v_ids), 0) = 0 THEN
        SELECT array_agg(behind.id) INTO v_ids FROM (
          SELECT e.id FROM email_outbox e
           WHERE e.broadcast_id = v_broadcast.id AND e.status = 'pending' AND e.id <= v_broadcast.claimed_through
             AND e.next_attempt_at <= now() AND (e.locked_until IS NULL OR e.locked_until <= now())
           ORDER BY e.broadcast_id, e.id
           LIMIT v_room
             FOR UPDATE SKIP LOCKED) behind;
      END IF;
      EXIT WHEN coalesce(cardinality(v_ids), 0) = 0;

      UPDATE email_outbox o SET status = 'cancelled', locked_until = NULL, last_error = 'the member was blocked or left before it went'
       WHERE o.id = ANY (v_ids)
         AND NOT EXISTS (SELECT 1 FROM waitlist_users u WHERE u.id = o.member_id AND NOT u.is_blocked);
      -- As markEmailSuppressed: never sent, not retried, nothing kept to read.
      UPDATE email_outbox o SET status = 'suppressed', locked_until = NULL, last_error = 'suppressed: ' || s.reason, html = '', text = '', template_data = NULL
        FROM waitlist_users u JOIN email_suppressions s ON s.email_hash = encode(sha256(convert_to(u.email_identity, 'UTF8')), 'hex')
       WHERE o.id = ANY (v_ids) AND o.status = 'pending' AND u.id = o.member_id;
      SELECT array_agg(e.id), count(*) FILTER (WHERE e.locked_until IS NOT NULL)::integer INTO v_sendable, v_taken_over
        FROM email_outbox e WHERE e.id = ANY (v_ids) AND e.status = 'pending';

      UPDATE broadcasts
         SET next_send_at = CASE WHEN v_sendable IS NULL THEN next_send_at
                                 ELSE greatest(next_send_at, now()) + make_interval(secs => cardinality(v_sendable) * 60.0 / greatest(p_per_minute, 1)) END,
             claimed_through = greatest(claimed_through, (SELECT max(x) FROM unnest(v_ids) x)),
             taken_over = taken_over + coalesce(v_taken_over, 0)
       WHERE broadcasts.id = v_broadcast.id;
      -- All of them settled (suppressed, blocked): the next ones, a few rounds at most.
      CONTINUE WHEN v_sendable IS NULL;
      RETURN QUERY
        WITH claimed AS (
          UPDATE email_outbox o
             SET locked_until = now() + make_interval(secs => p_lease_seconds), attempts = o.attempts + 1,
                 rehearsal = v_rehearsal OR v_broadcast.rehearsal
           WHERE o.id = ANY (v_sendable)
          RETURNING o.id, o.to_address, o.attempts, o.rehearsal, o.broadcast_id, o.member_id)
        SELECT c.id, c.to_address, c.attempts, c.rehearsal, c.broadcast_id, c.member_id,
               u.crew_name_roll, u.language, u.points, u.referrals_made, u.referral_code,
               u.consent_method = 'parent_email_plus'
          FROM claimed c JOIN waitlist_users u ON u.id = c.member_id;
      RETURN;
    END LOOP;
  END LOOP;
END;
$$;
