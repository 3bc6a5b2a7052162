CREATE TABLE "conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid,
	"user_a" uuid NOT NULL,
	"user_b" uuid NOT NULL,
	"opened_by" uuid,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_pair_package" UNIQUE("user_a","user_b","package_id")
);
--> statement-breakpoint
CREATE TABLE "dispute" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"job" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"processed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_run_job_started_at_pk" PRIMARY KEY("job","started_at")
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"traveler_id" uuid NOT NULL,
	"travel_plan_id" uuid NOT NULL,
	"started_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_once" UNIQUE("package_id","author_id")
);
--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "travel_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "pickup_code_hash" text;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "pickup_code_sealed" text;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "delivery_code_hash" text;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "delivery_code_sealed" text;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "pickup_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "pickup_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "delivery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "delivery_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_a_user_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_b_user_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute" ADD CONSTRAINT "dispute_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute" ADD CONSTRAINT "dispute_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute" ADD CONSTRAINT "dispute_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_traveler_id_user_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_travel_plan_id_travel_plan_id_fk" FOREIGN KEY ("travel_plan_id") REFERENCES "public"."travel_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_user_a_idx" ON "conversation" USING btree ("user_a","last_message_at");--> statement-breakpoint
CREATE INDEX "conversation_user_b_idx" ON "conversation" USING btree ("user_b","last_message_at");--> statement-breakpoint
CREATE INDEX "dispute_package_idx" ON "dispute" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_one_open" ON "dispute" USING btree ("package_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "message_conversation_idx" ON "message" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "request_package_idx" ON "request" USING btree ("package_id","status");--> statement-breakpoint
CREATE INDEX "request_traveler_idx" ON "request" USING btree ("traveler_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_one_pending" ON "request" USING btree ("package_id","traveler_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "review_subject_idx" ON "review" USING btree ("subject_id","created_at");