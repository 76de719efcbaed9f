-- One way to create members (ADR 0038): the join request also carries what CSV import and
-- the seed set on a new member, so they join through waitlist_join_batch as the form does.
-- NULL keeps the form's behaviour: joined now, no tags or notes, unconfirmed, not blocked,
-- welcome e-mail queued.
ALTER TYPE waitlist_join_request
  ADD ATTRIBUTE joined_at timestamptz,
  ADD ATTRIBUTE tags text[],
  ADD ATTRIBUTE notes text,
  ADD ATTRIBUTE confirmed boolean,
  ADD ATTRIBUTE blocked boolean,
  ADD ATTRIBUTE welcome boolean;
--> statement-breakpoint
-- referral_pay takes the moment it pays at (a seeded referral is paid when its friend
-- joined): a new argument list, so the old function goes and db/functions creates the new.
DROP FUNCTION referral_pay(uuid, uuid, integer, integer);
