-- The members a webhook event's data names (ADR 0059): every memberId, referrerId and
-- referredId at any depth (season.closed lists its top ten). Erasure and export find a
-- member's messages by this list, never by searching the payload's text.
CREATE OR REPLACE FUNCTION webhook_member_ids(p_data jsonb) RETURNS uuid[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT (found.v #>> '{}')::uuid), '{}'::uuid[])
    FROM (SELECT jsonb_path_query(p_data, 'lax $.**.memberId')
          UNION ALL SELECT jsonb_path_query(p_data, 'lax $.**.referrerId')
          UNION ALL SELECT jsonb_path_query(p_data, 'lax $.**.referredId')) AS found(v)
   WHERE jsonb_typeof(found.v) = 'string'
     AND (found.v #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
$$;
