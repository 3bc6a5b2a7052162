ALTER TABLE "payment" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "paid_currency" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "paid_refunded_at" timestamp with time zone;