CREATE TABLE "broadcast" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"audience" integer NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcast_status_check" CHECK ("broadcast"."status" in ('queued', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "broadcast" ADD CONSTRAINT "broadcast_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_created_idx" ON "broadcast" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "broadcast_pending_idx" ON "broadcast" USING btree ("created_at") WHERE "broadcast"."status" <> 'sent';--> statement-breakpoint
CREATE INDEX "notification_broadcast_idx" ON "notification" USING btree (("data" ->> 'broadcastId'),"read_at") WHERE "notification"."type" = 'broadcast';