-- One message per enabled endpoint subscribed to the event, all with one message id, in
-- the Standard Webhooks payload shape ({type, timestamp, data}). PL/pgSQL keeps its plan
-- for the session (a SQL function is planned at every call, ADR 0038). While rehearsal mode
-- is on only endpoints marked "test" get events (ADR 0051). Each message lists the members
-- its data names (webhook_member_ids, ADR 0059). An event that names a child whose parent
-- has not said yes to "Share with the studio's partners" goes nowhere (ADR 0065): the
-- integration sees no such child at all, not a redacted one.
CREATE OR REPLACE FUNCTION webhook_enqueue(p_type text, p_data jsonb, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_members uuid[] := webhook_member_ids(p_data);
BEGIN
  IF EXISTS (SELECT 1 FROM waitlist_users u WHERE u.id = ANY (v_members) AND NOT u.reaches_partners) THEN
    RETURN;
  END IF;
  WITH message AS (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id)
  INSERT INTO webhook_messages (endpoint_id, message_id, event_type, payload, member_ids)
  SELECT e.id, message.id, p_type,
         jsonb_build_object('type', p_type,
                            'timestamp', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'data', p_data),
         v_members
    FROM webhook_endpoints e, message
   WHERE e.is_enabled AND p_type = ANY (e.events) AND (e.is_test OR NOT rehearsal_mode_on());
END;
$$;
