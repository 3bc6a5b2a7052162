-- docs/product.md §7: one conversation per pair of users, no longer one per pair and package. Each pair's
-- conversations are merged into its oldest (which keeps its package, the one it was first opened
-- for): the others' messages move to it, it takes the latest last_message_at, and they are deleted.
-- Hand-written: drizzle-kit generates only the two ALTERs at the end.
WITH ranked AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "user_a", "user_b" ORDER BY "created_at", "id") AS "keep_id"
	FROM "conversation"
)
UPDATE "message" SET "conversation_id" = ranked."keep_id"
FROM ranked
WHERE "message"."conversation_id" = ranked."id" AND ranked."id" <> ranked."keep_id";--> statement-breakpoint
WITH ranked AS (
	SELECT "id", "last_message_at", first_value("id") OVER (PARTITION BY "user_a", "user_b" ORDER BY "created_at", "id") AS "keep_id"
	FROM "conversation"
), merged AS (
	SELECT "keep_id", max("last_message_at") AS "last_message_at" FROM ranked GROUP BY "keep_id" HAVING count(*) > 1
)
UPDATE "conversation" SET "last_message_at" = merged."last_message_at"
FROM merged
WHERE "conversation"."id" = merged."keep_id";--> statement-breakpoint
WITH ranked AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "user_a", "user_b" ORDER BY "created_at", "id") AS "keep_id"
	FROM "conversation"
)
DELETE FROM "conversation" USING ranked
WHERE "conversation"."id" = ranked."id" AND ranked."id" <> ranked."keep_id";--> statement-breakpoint
ALTER TABLE "conversation" DROP CONSTRAINT "conversation_pair_package";--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_pair" UNIQUE("user_a","user_b");
