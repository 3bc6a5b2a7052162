ALTER TABLE "request" ADD COLUMN "closed_by" text;--> statement-breakpoint
CREATE INDEX "package_event_matched_actor_idx" ON "package_event" USING btree ("actor_id","to_status") WHERE "package_event"."from_status" = 'matched';--> statement-breakpoint
-- An accepted request was always accepted by the side it was sent to.
UPDATE "request" SET "closed_by" = 'receiver' WHERE "status" = 'accepted';
