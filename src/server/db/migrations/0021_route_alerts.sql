CREATE TABLE "route_alert_match" (
	"alert_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "route_alert_match_alert_id_subject_id_pk" PRIMARY KEY("alert_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "route_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"travel_plan_id" uuid,
	"from_label" text,
	"from_city" text,
	"from_country" text,
	"from_lat" double precision,
	"from_lng" double precision,
	"to_label" text,
	"to_city" text,
	"to_country" text,
	"to_lat" double precision,
	"to_lng" double precision,
	"radius_km" integer NOT NULL,
	"after" timestamp with time zone,
	"before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "route_alert_match" ADD CONSTRAINT "route_alert_match_alert_id_route_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."route_alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_alert" ADD CONSTRAINT "route_alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_alert" ADD CONSTRAINT "route_alert_travel_plan_id_travel_plan_id_fk" FOREIGN KEY ("travel_plan_id") REFERENCES "public"."travel_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_alert_match_unsent_idx" ON "route_alert_match" USING btree ("alert_id") WHERE "route_alert_match"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "route_alert_user_idx" ON "route_alert" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "route_alert_kind_lat_idx" ON "route_alert" USING btree ("kind","from_lat");--> statement-breakpoint
CREATE INDEX "route_alert_plan_idx" ON "route_alert" USING btree ("travel_plan_id") WHERE "route_alert"."travel_plan_id" is not null;