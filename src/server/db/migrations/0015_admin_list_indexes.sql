CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "package_traveler_idx";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_name_idx" ON "user" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "user_email_sort_idx" ON "user" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_phone_prefix_idx" ON "user" USING btree ("phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_banned_idx" ON "user" USING btree ("created_at","id") WHERE "user"."banned";--> statement-breakpoint
CREATE INDEX "user_admin_idx" ON "user" USING btree ("created_at","id") WHERE 'admin' = any(string_to_array("user"."role", ','));--> statement-breakpoint
CREATE INDEX "package_created_idx" ON "package" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "package_status_created_idx" ON "package" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "package_sender_created_idx" ON "package" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "package_traveler_created_idx" ON "package" USING btree ("traveler_id","created_at","id");--> statement-breakpoint
CREATE INDEX "package_deliver_by_idx" ON "package" USING btree ("deliver_by","id");--> statement-breakpoint
CREATE INDEX "package_deliver_by_desc_idx" ON "package" USING btree ("deliver_by" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "package_reward_idx" ON "package" USING btree ("reward","id");--> statement-breakpoint
CREATE INDEX "package_reward_desc_idx" ON "package" USING btree ("reward" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "package_title_prefix_idx" ON "package" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "package_pickup_city_prefix_idx" ON "package" USING btree (lower("pickup_city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "package_dropoff_city_prefix_idx" ON "package" USING btree (lower("dropoff_city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_created_idx" ON "payment" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_amount_idx" ON "payment" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "payment_status_created_idx" ON "payment" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_sender_created_idx" ON "payment" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_ref_idx" ON "payment" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payment_payment_ref_idx" ON "payment" USING btree ("provider_payment_ref");--> statement-breakpoint
CREATE INDEX "dispute_open_queue_idx" ON "dispute" USING btree ("created_at","package_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "request_created_idx" ON "request" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "request_status_created_idx" ON "request" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "request_traveler_created_idx" ON "request" USING btree ("traveler_id","created_at","id");--> statement-breakpoint
CREATE INDEX "request_plan_created_idx" ON "request" USING btree ("travel_plan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "travel_plan_created_idx" ON "travel_plan" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "travel_plan_departure_idx" ON "travel_plan" USING btree ("departure_at","id");--> statement-breakpoint
CREATE INDEX "travel_plan_status_created_idx" ON "travel_plan" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "travel_plan_traveler_created_idx" ON "travel_plan" USING btree ("traveler_id","created_at","id");--> statement-breakpoint
CREATE INDEX "travel_plan_origin_prefix_idx" ON "travel_plan" USING btree (lower("origin_city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "travel_plan_destination_prefix_idx" ON "travel_plan" USING btree (lower("destination_city") text_pattern_ops);