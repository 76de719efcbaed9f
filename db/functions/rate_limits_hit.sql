-- One request against its rate limits, the one rule for every caller (consumeRateLimits
-- and waitlist_join_batch): limit i allows p_counts[i] hits of p_keys[i] per
-- p_windows[i] seconds. The limits are counted in the order given and the first one used
-- up ends the request: refused is its 1-based position (null when every limit allows
-- it), retry_after its seconds to wait; a later limit is not counted for a refused
-- request. remaining: the fewest hits left among the limits counted.
CREATE OR REPLACE FUNCTION rate_limits_hit(p_keys text[], p_counts integer[], p_windows integer[],
                                           OUT refused integer, OUT retry_after integer, OUT remaining integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_hit record;
BEGIN
  retry_after := 0;
  FOR v_position IN 1 .. coalesce(cardinality(p_keys), 0) LOOP
    SELECT * INTO v_hit FROM rate_limit_hit(p_keys[v_position], p_windows[v_position]);
    remaining := least(coalesce(remaining, p_counts[v_position]), greatest(0, p_counts[v_position] - v_hit.hits));
    IF v_hit.hits > p_counts[v_position] THEN
      refused := v_position;
      retry_after := v_hit.retry_after;
      RETURN;
    END IF;
  END LOOP;
END;
$$;
