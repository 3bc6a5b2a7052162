-- The audit log as an append-only record with explicit before/after and reason (docs/product.md §8,
-- ADR 0043). drizzle-kit generated the statements down to the indexes; the rest is hand-written: the
-- rows written so far get their before/after out of `data`, and then a trigger refuses every UPDATE,
-- DELETE and TRUNCATE of the table. The actor's key loses ON DELETE SET NULL, which would be an UPDATE.
ALTER TABLE "audit_log" RENAME COLUMN "note" TO "reason";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");;--> statement-breakpoint
UPDATE "audit_log" SET
	"before" = jsonb_build_object('kycStatus', "data"->'from'),
	"after" = jsonb_build_object('kycStatus', "data"->'to'),
	"data" = "data" - 'from' - 'to'
WHERE "action" IN ('kyc.approve', 'kyc.decline');--> statement-breakpoint
UPDATE "audit_log" SET
	"before" = jsonb_build_object('refundedAmount', "data"->'refundedBefore'),
	"after" = jsonb_build_object('refundedAmount', "data"->'refundedAfter', 'status', "data"->'status'),
	"data" = "data" - 'refundedBefore' - 'refundedAfter' - 'status'
WHERE "action" = 'payment.refund';--> statement-breakpoint
UPDATE "audit_log" SET
	"before" = '{"status": "requested"}'::jsonb,
	"after" = jsonb_build_object('status', 'sent', 'reference', "data"->'reference'),
	"data" = "data" - 'reference'
WHERE "action" = 'payout.mark_sent';--> statement-breakpoint
UPDATE "audit_log" SET
	"before" = '{"status": "disputed"}'::jsonb,
	"after" = jsonb_build_object('status', CASE "action" WHEN 'dispute.refund_sender' THEN 'refunded' ELSE 'completed' END)
WHERE "action" IN ('dispute.refund_sender', 'dispute.release_traveler');--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
