-- Whether rehearsal mode is on (ADR 0051), read by the statements that must not miss the
-- switch in any process: the e-mail claim and the webhook enqueue. Site Settings writes it.
CREATE OR REPLACE FUNCTION rehearsal_mode_on() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT s.value = 'true'::jsonb FROM site_settings s WHERE s.key = 'rehearsal_mode'), false);
$$;
