-- PL/pgSQL, not SQL: the season trigger calls it for every ledger row, and PostgreSQL 15
-- plans a SQL function's body again at every call (ADR 0038).
CREATE OR REPLACE FUNCTION site_time_zone() RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT value #>> '{}' FROM site_settings WHERE key = 'site_time_zone'), 'America/Los_Angeles');
END;
$$;
