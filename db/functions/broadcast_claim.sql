-- The next message of a sending broadcast whose pace lets one go now (ADR 0050), leased
-- for `p_lease_seconds`; none when every sending broadcast must wait. The broadcast's row
-- is locked while its next slot moves `60 / p_per_minute` seconds on, so every process
-- together keeps to the pace: a claim waits its turn for the row (a claim holds it for a
-- moment; the broadcast job queues pages under an advisory lock, not this one). A message claimed
-- while rehearsal mode is on, or of a rehearsal's broadcast, is marked so (ADR 0051); like
-- email_outbox_claim it reads the switch under the switch's shared lock, and takes nothing
-- while the switch holds or awaits it. A real broadcast sends nothing during a rehearsal.
CREATE OR REPLACE FUNCTION broadcast_claim(p_lease_seconds integer, p_per_minute integer)
RETURNS SETOF email_outbox
LANGUAGE plpgsql
SET enable_sort = off
SET enable_bitmapscan = off
SET lock_timeout = '2s'
AS $$
DECLARE
  v_broadcast record;
  v_message_id bigint;
  v_rehearsal boolean;
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
    -- Ahead of the last claim first: the index behind it is full of this broadcast's sent
    -- messages until a vacuum, and walking them at every claim would slow a million-member
    -- send to a crawl. Behind it (a retry, a lease that ran out) once nothing is ahead.
    SELECT e.id INTO v_message_id FROM email_outbox e
     WHERE e.broadcast_id = v_broadcast.id AND e.status = 'pending' AND e.id > v_broadcast.claimed_through
       AND e.next_attempt_at <= now() AND (e.locked_until IS NULL OR e.locked_until <= now())
     ORDER BY e.broadcast_id, e.id
     LIMIT 1
       FOR UPDATE SKIP LOCKED;
    IF v_message_id IS NULL THEN
      SELECT e.id INTO v_message_id FROM email_outbox e
       WHERE e.broadcast_id = v_broadcast.id AND e.status = 'pending' AND e.id <= v_broadcast.claimed_through
         AND e.next_attempt_at <= now() AND (e.locked_until IS NULL OR e.locked_until <= now())
       ORDER BY e.broadcast_id, e.id
       LIMIT 1
         FOR UPDATE SKIP LOCKED;
    END IF;
    IF v_message_id IS NOT NULL THEN
      UPDATE broadcasts SET next_send_at = greatest(next_send_at, now()) + make_interval(secs => 60.0 / greatest(p_per_minute, 1)),
                            claimed_through = greatest(claimed_through, v_message_id)
       WHERE id = v_broadcast.id;
      RETURN QUERY
        UPDATE email_outbox o
           SET locked_until = now() + make_interval(secs => p_lease_seconds), attempts = o.attempts + 1,
               rehearsal = v_rehearsal OR v_broadcast.rehearsal
         WHERE o.id = v_message_id
        RETURNING o.*;
      RETURN;
    END IF;
  END LOOP;
END;
$$;
