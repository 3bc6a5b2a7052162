CREATE TABLE "package_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"actor_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"size" text,
	"weight_grams" integer,
	"declared_value" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"pickup_label" text,
	"pickup_city" text,
	"pickup_country" text,
	"pickup_lat" double precision,
	"pickup_lng" double precision,
	"pickup_address" text,
	"dropoff_label" text,
	"dropoff_city" text,
	"dropoff_country" text,
	"dropoff_lat" double precision,
	"dropoff_lng" double precision,
	"dropoff_address" text,
	"pickup_from" timestamp with time zone,
	"deliver_by" timestamp with time zone,
	"reward" integer,
	"recipient_name" text,
	"recipient_phone" text,
	"notes" text,
	"traveler_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "travel_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"traveler_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"origin_label" text NOT NULL,
	"origin_city" text NOT NULL,
	"origin_country" text NOT NULL,
	"origin_lat" double precision NOT NULL,
	"origin_lng" double precision NOT NULL,
	"origin_address" text,
	"destination_label" text NOT NULL,
	"destination_city" text NOT NULL,
	"destination_country" text NOT NULL,
	"destination_lat" double precision NOT NULL,
	"destination_lng" double precision NOT NULL,
	"destination_address" text,
	"departure_at" timestamp with time zone NOT NULL,
	"arrival_at" timestamp with time zone NOT NULL,
	"transport" text NOT NULL,
	"capacity_grams" integer NOT NULL,
	"reserved_grams" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_event" ADD CONSTRAINT "package_event_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_event" ADD CONSTRAINT "package_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photo" ADD CONSTRAINT "package_photo_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package" ADD CONSTRAINT "package_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package" ADD CONSTRAINT "package_traveler_id_user_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_setting" ADD CONSTRAINT "system_setting_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_plan" ADD CONSTRAINT "travel_plan_traveler_id_user_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_event_package_idx" ON "package_event" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE INDEX "package_photo_package_idx" ON "package_photo" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "package_sender_idx" ON "package" USING btree ("sender_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "package_traveler_idx" ON "package" USING btree ("traveler_id");--> statement-breakpoint
CREATE INDEX "travel_plan_traveler_idx" ON "travel_plan" USING btree ("traveler_id","status","departure_at");