ALTER TABLE "request" ADD COLUMN "reward" integer;--> statement-breakpoint
ALTER TABLE "request" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "request" ADD COLUMN "counters" integer DEFAULT 0 NOT NULL;