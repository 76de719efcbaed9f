-- Sign-ups in batches (ADR 0038): each app process sends the joins that arrive while its
-- previous batch is in the database as one call, and the database takes each step of the
-- join once for the whole batch. A batch never holds two requests for the same person,
-- challenge, rate-limit key or referral code (the app's batcher keeps such a request for
-- the next batch), so no step depends on another request of its batch. Every lock is taken
-- in one global order — challenges, rate-limit keys, referrers, new members, each sorted —
-- so two batches never deadlock. The request type, waitlist_join_request, is schema
-- (migration 0017); app/lib/waitlist/join/ pins the TypeScript side to it.
--
-- p_requests: a JSON array of waitlist_join_request objects, idx 1..n.
-- One row per request, in idx order. outcome: 'reused' (the challenge was used before:
-- nothing written), 'limited' (limit number refused_limit is used up; it and the earlier
-- limits are counted, nothing else; retry_after in seconds), 'under_age' (the address
-- answered the age question under the consent age in the last day, ADR 0061: nothing
-- written), 'existing' (this person is
-- already listed), 'throwaway' (a new address at a refused domain), 'code_taken' (the
-- candidate referral code belongs to someone else: try another), or 'joined'. The
-- member's columns come back for 'existing' and 'joined'.
CREATE OR REPLACE FUNCTION waitlist_join_batch(p_requests jsonb)
RETURNS TABLE (
  idx integer, outcome text, refused_limit integer, retry_after integer, referral text, webhooks_enabled boolean,
  id uuid, email text, referral_code text, points integer, referrals_made integer,
  confirmed_email boolean, has_viewed_trailer boolean, is_blocked boolean, join_date timestamptz)
LANGUAGE plpgsql
-- Every statement here is a point lookup, an insert or a bounded index scan: the generic
-- plan is the right one, and keeping it spares planning them again at every call (the
-- setting holds for what the batch calls: referral_pay, the triggers).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_requests waitlist_join_request[];
  v_count integer;
  v_outcome text[];
  v_refused integer[];
  v_retry integer[];
  v_referrer uuid[];
  v_referral text[];
  v_done integer[] := '{}';
  v_joined integer[];
  v_found integer[];
  v_idx integer;
  v_webhooks boolean;
  v_joined_at timestamptz;
  v_when timestamptz[];
  v_paid boolean;
  v_referral_row referrals;
  v_referral_rows referrals[] := '{}';
  r record;
BEGIN
  SELECT coalesce(array_agg(q ORDER BY q.idx), '{}') INTO v_requests
    FROM jsonb_populate_recordset(NULL::waitlist_join_request, p_requests) q;
  v_count := cardinality(v_requests);
  v_outcome := array_fill(NULL::text, ARRAY[v_count]);
  v_refused := array_fill(NULL::integer, ARRAY[v_count]);
  v_retry := array_fill(NULL::integer, ARRAY[v_count]);
  v_referrer := array_fill(NULL::uuid, ARRAY[v_count]);
  v_referral := array_fill(NULL::text, ARRAY[v_count]);
  v_when := array_fill(NULL::timestamptz, ARRAY[v_count]);

  -- A solved bot challenge is accepted once.
  WITH recorded AS (
    INSERT INTO used_bot_challenges (signature, expires_at)
    SELECT q.challenge_signature, q.challenge_expires_at FROM unnest(v_requests) q
     WHERE q.challenge_signature IS NOT NULL ORDER BY q.challenge_signature
    ON CONFLICT DO NOTHING RETURNING signature)
  SELECT coalesce(array_agg(q.idx), '{}') INTO v_found FROM unnest(v_requests) q
   WHERE q.challenge_signature IS NOT NULL AND NOT EXISTS (SELECT 1 FROM recorded c WHERE c.signature = q.challenge_signature);
  FOREACH v_idx IN ARRAY v_found LOOP
    v_outcome[v_idx] := 'reused';
  END LOOP;
  v_done := v_done || v_found;

  -- Rate limits (rate_limits_hit, the one rule for every caller): every key the batch may
  -- count is created if new and locked, in key order, so two batches never deadlock; then
  -- each request's limits are counted in its order, and the first one used up ends it.
  INSERT INTO rate_limits (key, hits, window_started_at)
  SELECT k.key, 0, now() FROM unnest(v_requests) q, unnest(q.limit_keys) k(key)
   WHERE q.idx <> ALL (v_done) ORDER BY k.key
  ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM rate_limits rl
   WHERE rl.key IN (SELECT k.key FROM unnest(v_requests) q, unnest(q.limit_keys) k(key) WHERE q.idx <> ALL (v_done))
   ORDER BY rl.key FOR UPDATE;
  FOR r IN
    SELECT q.idx, h.refused, h.retry_after FROM unnest(v_requests) q
     CROSS JOIN LATERAL rate_limits_hit(q.limit_keys, q.limit_counts, q.limit_windows) h
     WHERE q.idx <> ALL (v_done) AND cardinality(q.limit_keys) > 0
     ORDER BY q.idx
  LOOP
    IF r.refused IS NOT NULL THEN
      v_outcome[r.idx] := 'limited';
      v_refused[r.idx] := r.refused;
      v_retry[r.idx] := r.retry_after;
      v_done := v_done || r.idx;
    END IF;
  END LOOP;

  -- An address answered under the consent age in the last day (age-memory.server.ts keeps
  -- the key; its day is AGE_PASS_SECONDS) stays under whatever year came now (ADR 0061).
  FOR r IN
    SELECT q.idx FROM unnest(v_requests) q JOIN rate_limits rl ON rl.key = q.under_age_key
     WHERE q.idx <> ALL (v_done) AND rl.window_started_at > now() - interval '1 day'
  LOOP
    v_outcome[r.idx] := 'under_age';
    v_done := v_done || r.idx;
  END LOOP;

  -- A person already listed (same identity: case, "+tag", gmail dots) earns nothing. An
  -- address holds one own membership and its children's (ADR 0067): a child a parent
  -- approves is never someone already listed, and a grown-up is not their child.
  FOR r IN
    SELECT q.idx FROM unnest(v_requests) q JOIN waitlist_users m ON m.email_identity = q.identity AND m.consent_method IS DISTINCT FROM 'parent_email_plus'
     WHERE q.idx <> ALL (v_done) AND q.consent_method IS DISTINCT FROM 'parent_email_plus'
  LOOP
    v_outcome[r.idx] := 'existing';
    v_done := v_done || r.idx;
  END LOOP;
  FOR r IN SELECT q.idx FROM unnest(v_requests) q WHERE q.refuse AND q.idx <> ALL (v_done) LOOP
    v_outcome[r.idx] := 'throwaway';
    v_done := v_done || r.idx;
  END LOOP;

  -- The referrers, locked to this batch in id order: concurrent joins through one link see
  -- each other when counting bursts and the daily cap. Never the new identity itself. A code
  -- is a member's current one or, failing that, one they had before (ADR 0042).
  FOR r IN
    SELECT q.idx, u.id AS referrer FROM unnest(v_requests) q
      JOIN waitlist_users u ON u.id = coalesce((SELECT c.id FROM waitlist_users c WHERE c.referral_code = q.referral_code),
                                               (SELECT a.member_id FROM referral_code_aliases a WHERE a.code = q.referral_code))
                           AND NOT u.is_blocked AND u.email_identity <> q.identity
     WHERE q.idx <> ALL (v_done)
     ORDER BY u.id FOR UPDATE OF u
  LOOP
    v_referrer[r.idx] := r.referrer;
  END LOOP;

  -- The unique identity decides under concurrency, not the read above. Members of one batch
  -- join in the order their requests arrived, a microsecond apart: the leaderboard breaks
  -- ties by join time, and one transaction's now() would leave that to their random ids.
  -- A request that says when its member joined (the seed's) keeps that time.
  v_joined_at := now();
  FOR v_idx IN 1 .. v_count LOOP
    v_when[v_idx] := coalesce(v_requests[v_idx].joined_at, v_joined_at + make_interval(secs => (v_idx - 1) / 1000000.0));
  END LOOP;
  WITH inserted AS (
    INSERT INTO waitlist_users AS u (id, email, email_identity, referral_code, points, referred_by_user_id,
                                     signup_device, signup_country, signup_network, signup_via, language, tags, notes,
                                     confirmed_email, confirmed_at, is_blocked, join_date, created_at, updated_at,
                                     age_band, consent_method, consent_at, privacy_notice_version, consent_confirmation_due_at,
                                     consent_country, consent_age)
    SELECT q.id, q.email, q.identity, q.code, q.signup_points, v_referrer[q.idx], q.device, q.country, q.network, q.via, coalesce(q.language, 'en'),
           coalesce(q.tags, '{}'), coalesce(q.notes, ''), coalesce(q.confirmed, false), CASE WHEN q.confirmed THEN v_when[q.idx] END,
           coalesce(q.blocked, false), v_when[q.idx], v_when[q.idx], v_when[q.idx],
           q.age_band, q.consent_method, CASE WHEN q.consent_method IS NOT NULL THEN v_when[q.idx] END, q.notice_version,
           v_when[q.idx] + make_interval(secs => q.confirm_consent_after_seconds),
           q.consent_country, q.consent_age
      FROM unnest(v_requests) q
     WHERE q.idx <> ALL (v_done)
       -- A code that is someone's old one is taken too ('code_taken': try another).
       AND NOT EXISTS (SELECT 1 FROM referral_code_aliases a WHERE a.code = q.code)
     ORDER BY q.identity
    ON CONFLICT DO NOTHING
    RETURNING u.id)
  SELECT coalesce(array_agg(q.idx), '{}') INTO v_joined FROM unnest(v_requests) q JOIN inserted i ON i.id = q.id;
  FOR r IN
    SELECT q.idx, q.consent_method IS DISTINCT FROM 'parent_email_plus'
                  AND EXISTS (SELECT 1 FROM waitlist_users m WHERE m.email_identity = q.identity AND m.consent_method IS DISTINCT FROM 'parent_email_plus') AS is_listed
      FROM unnest(v_requests) q WHERE q.idx <> ALL (v_done) AND q.idx <> ALL (v_joined)
  LOOP
    v_outcome[r.idx] := CASE WHEN r.is_listed THEN 'existing' ELSE 'code_taken' END;
  END LOOP;
  IF cardinality(v_joined) > 0 THEN
    INSERT INTO points_ledger (member_id, delta, reason, created_at)
    SELECT q.id, q.signup_points, 'signup', v_when[q.idx] FROM unnest(v_requests) q WHERE q.idx = ANY (v_joined) ORDER BY q.idx;

    -- Fair-play signals, in the order the review queue shows them. Only whether the burst
    -- limit and the daily cap are reached matters: the referrer's newest greatest(limit, cap)
    -- referrals of the day tell both.
    FOR r IN
      SELECT q.idx, q.id, q.mode, q.referrer_points, q.friend_points, v_referrer[q.idx] AS referrer, v_when[q.idx] AS joined_at,
             array_remove(ARRAY[
               CASE WHEN q.network IS NOT NULL AND EXISTS (
                      SELECT 1 FROM waitlist_users u
                       WHERE u.signup_network = q.network AND u.created_at > now() - interval '1 day' AND u.id <> q.id
                         AND (u.id = v_referrer[q.idx] OR u.referred_by_user_id = v_referrer[q.idx])) THEN 'same_network' END,
               CASE WHEN q.device_member_id IS NOT NULL AND q.device_member_id <> q.id::text THEN 'same_device' END,
               CASE WHEN recent.last_hour >= q.burst_limit THEN 'burst' END,
               CASE WHEN recent.last_day >= q.daily_cap THEN 'daily_cap' END,
               CASE WHEN q.alias THEN 'alias' END,
               CASE WHEN q.disposable THEN 'disposable' END], NULL) AS signals
        FROM unnest(v_requests) q
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE newest.created_at > now() - interval '1 hour')::integer AS last_hour, count(*)::integer AS last_day
            FROM (SELECT f.created_at FROM referrals f
                   WHERE f.referrer_id = v_referrer[q.idx] AND f.created_at > now() - interval '1 day'
                   ORDER BY f.created_at DESC
                   LIMIT greatest(q.burst_limit, q.daily_cap)) newest) recent
       WHERE q.idx = ANY (v_joined) AND v_referrer[q.idx] IS NOT NULL
       ORDER BY q.idx
    LOOP
      v_referral_row := NULL;
      v_referral_row.referrer_id := r.referrer;
      v_referral_row.referred_id := r.id;
      v_referral_row.reasons := '{}';
      v_referral_row.created_at := r.joined_at;
      IF cardinality(r.signals) > 0 THEN
        v_referral_row.status := 'held';
        v_referral_row.reasons := r.signals;
        v_referral[r.idx] := 'held';
      ELSIF r.mode = 'confirm' THEN
        v_referral_row.status := 'pending';
        v_referral[r.idx] := 'pending';
      ELSE
        v_paid := referral_pay(r.referrer, r.id, r.referrer_points, r.friend_points, r.joined_at);
        v_referral_row.status := CASE WHEN v_paid THEN 'credited' ELSE 'rejected' END;
        v_referral_row.decided_at := r.joined_at;
        v_referral_row.reasons := CASE WHEN v_paid THEN '{}'::text[] ELSE '{referrer_blocked}'::text[] END;
        v_referral[r.idx] := 'credited';
      END IF;
      v_referral_rows := v_referral_rows || v_referral_row;
    END LOOP;
    INSERT INTO referrals (referrer_id, referred_id, status, reasons, created_at, decided_at)
    SELECT f.referrer_id, f.referred_id, f.status, f.reasons, f.created_at, f.decided_at FROM unnest(v_referral_rows) f;

    -- The welcome e-mail (unless the request says not: an import may leave it out) is
    -- rendered by the sender, from the template it finds then (ADR 0038). It names its
    -- member: an erasure of one child of a family (whose address stays) takes it too.
    INSERT INTO email_outbox (kind, to_address, subject, html, text, member_id, template_data)
    SELECT 'welcome', q.email, '', '', '', q.id, jsonb_build_object('memberId', q.id, 'referralCode', q.code, 'parentConsent', q.consent_method IS NOT DISTINCT FROM 'parent_email_plus')
      FROM unnest(v_requests) q WHERE q.idx = ANY (v_joined) AND coalesce(q.welcome, true) ORDER BY q.idx;

    -- Webhook events (webhook_enqueue, the one definition of a message), only when an
    -- endpoint could want them: most sites have none, and then this is one read a batch.
    v_webhooks := EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.is_enabled);
    IF v_webhooks THEN
      FOR r IN
        SELECT q.id, q.email, q.code, v_referrer[q.idx] AS referrer, v_referral[q.idx] AS referral, f.reasons
          FROM unnest(v_requests) q LEFT JOIN unnest(v_referral_rows) f ON f.referred_id = q.id
         WHERE q.idx = ANY (v_joined) ORDER BY q.idx
      LOOP
        IF r.referral = 'held' THEN
          PERFORM webhook_enqueue('referral.held',
            jsonb_build_object('referrerId', r.referrer, 'referredId', r.id, 'reasons', to_jsonb(r.reasons)), now());
        END IF;
        PERFORM webhook_enqueue('member.joined',
          jsonb_build_object('memberId', r.id, 'email', r.email, 'referralCode', r.code,
                             'referredBy', r.referrer, 'referral', r.referral), now());
      END LOOP;
    END IF;

    FOREACH v_idx IN ARRAY v_joined LOOP
      v_outcome[v_idx] := 'joined';
    END LOOP;
  END IF;

  RETURN QUERY
    SELECT q.idx, v_outcome[q.idx], v_refused[q.idx], v_retry[q.idx], v_referral[q.idx],
           CASE WHEN v_outcome[q.idx] = 'joined' THEN v_webhooks END,
           m.id, m.email, m.referral_code, m.points, m.referrals_made, m.confirmed_email, m.has_viewed_trailer, m.is_blocked, m.join_date
      FROM unnest(v_requests) q
      -- The member who joined, or the own membership already listed: each branch one index probe.
      LEFT JOIN LATERAL (
        SELECT j.* FROM waitlist_users j WHERE v_outcome[q.idx] = 'joined' AND j.id = q.id
        UNION ALL
        SELECT o.* FROM waitlist_users o
         WHERE v_outcome[q.idx] = 'existing' AND o.email_identity = q.identity AND o.consent_method IS DISTINCT FROM 'parent_email_plus'
      ) m ON true
     ORDER BY q.idx;
END;
$$;
