-- The sender's claim (ADR 0004, 0038, 0069): the next due messages of a lane, each read in
-- its index's order, `p_limit` at most, leased for `p_lease_seconds`. 'urgent': those someone
-- waits for (email_outbox_urgent_due_idx); 'bulk': only a burst's welcome e-mails and
-- season_winner notes (email_outbox_due_idx); 'any': the urgent ones first, then any. A function
-- so the planner is held to those index scans: while autovacuum has not yet seen a burst,
-- its statistics would have it sort the whole queue for every message. A broadcast's
-- messages are not claimed here: they go at its pace (broadcast_claim, ADR 0050). A message
-- claimed while rehearsal mode is on is marked so: it stays in the back office (ADR 0051).
-- The setting is read here, at every claim, under a shared lock the switch takes
-- exclusively (0x5ea50051, app/lib/launch/rehearsal.server.ts): every process sees the
-- switch at once and no claim straddles it. While the switch holds or awaits the lock the
-- claim takes nothing (it never waits: the sender's mark-and-claim holds a row the switch
-- may change). A sign-in link still goes: held, nobody (the owner who would end the
-- rehearsal included) could sign in.
CREATE OR REPLACE FUNCTION email_outbox_claim(p_limit integer, p_lease_seconds integer, p_except bigint, p_lane text)
RETURNS SETOF email_outbox
LANGUAGE plpgsql
SET enable_sort = off
SET enable_bitmapscan = off
AS $$
DECLARE
  v_rehearsal boolean;
BEGIN
  IF p_lane IS NULL OR p_lane NOT IN ('urgent', 'bulk', 'any') THEN
    RAISE EXCEPTION 'unknown outbox lane: %', p_lane;
  END IF;
  IF NOT pg_try_advisory_xact_lock_shared(1587871825) THEN
    RETURN;
  END IF;
  v_rehearsal := rehearsal_mode_on();
  RETURN QUERY
    UPDATE email_outbox o
       SET locked_until = now() + make_interval(secs => p_lease_seconds), attempts = o.attempts + 1, rehearsal = (v_rehearsal AND o.kind <> 'magic_link')
     WHERE o.id IN (
       WITH urgent AS (
         SELECT e.id FROM email_outbox e
          WHERE p_lane IN ('urgent', 'any') AND e.status = 'pending' AND e.broadcast_id IS NULL AND e.kind NOT IN ('welcome', 'season_winner') AND e.next_attempt_at <= now()
            AND (e.locked_until IS NULL OR e.locked_until <= now()) AND e.id IS DISTINCT FROM p_except
          ORDER BY e.next_attempt_at, e.id
          LIMIT p_limit
          FOR UPDATE SKIP LOCKED),
       any_due AS (
         SELECT e.id FROM email_outbox e
          WHERE p_lane IN ('bulk', 'any') AND e.status = 'pending' AND e.broadcast_id IS NULL AND e.next_attempt_at <= now()
            AND (p_lane = 'any' OR e.kind IN ('welcome', 'season_winner'))
            AND (e.locked_until IS NULL OR e.locked_until <= now()) AND e.id IS DISTINCT FROM p_except
          ORDER BY e.next_attempt_at, e.id
          LIMIT p_limit
          FOR UPDATE SKIP LOCKED)
       SELECT urgent.id FROM urgent UNION ALL SELECT any_due.id FROM any_due LIMIT p_limit)
    RETURNING o.*;
END;
$$;
