-- The outbox claim takes a lane ('urgent', 'bulk' or 'any') instead of a flag for bulk
-- messages (ADR 0069): a new argument list, so the old function goes and db/functions
-- creates the new.
DROP FUNCTION email_outbox_claim(integer, integer, bigint, boolean);
