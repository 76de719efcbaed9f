-- A welcome e-mail still waiting names its member (issue 38's families): the erasure of one
-- child, whose address the family keeps, finds it by id. Sent ones no longer hold the id.
UPDATE "email_outbox" o SET "member_id" = u."id"
  FROM "waitlist_users" u
 WHERE o."kind" = 'welcome' AND o."member_id" IS NULL AND o."template_data" ? 'memberId'
   AND u."id"::text = o."template_data" ->> 'memberId';
