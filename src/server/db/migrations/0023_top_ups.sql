ALTER TABLE "payment" ADD COLUMN "kind" text DEFAULT 'package' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "request" ADD COLUMN "difference" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_request_id_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_one_agreed" ON "request" USING btree ("package_id") WHERE status = 'agreed';