CREATE TABLE "daily_rollup" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_rollup_day_metric_currency_pk" PRIMARY KEY("day","metric","currency")
);
--> statement-breakpoint
CREATE INDEX "package_completed_at_idx" ON "package" USING btree ("completed_at") WHERE "package"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_package_idx" ON "ledger_entry" USING btree ("package_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_kind_idx" ON "ledger_entry" USING btree ("kind","created_at","id");