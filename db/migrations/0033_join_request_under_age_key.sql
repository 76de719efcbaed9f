-- The age answer sticks to the address (ADR 0061): a join carries the rate_limits key that
-- remembers an answer under the consent age for its address (a hash, never the address),
-- and waitlist_join_batch refuses it ('under_age') in the join's own statement, so the
-- check costs no statement of its own. NULL: nothing to check (CSV import, the seed).
ALTER TYPE waitlist_join_request ADD ATTRIBUTE under_age_key text;
