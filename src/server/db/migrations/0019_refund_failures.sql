ALTER TABLE "payment" ADD COLUMN "refund_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_failure" text;--> statement-breakpoint
CREATE INDEX "payment_refund_failed_idx" ON "payment" USING btree ("refund_failed_at","id") WHERE refund_failed_at is not null;