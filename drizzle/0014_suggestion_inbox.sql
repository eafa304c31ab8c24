CREATE TABLE "inbox_cursors" (
	"property_id" text NOT NULL,
	"source" varchar(30) NOT NULL,
	"cursor" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_cursors_property_id_source_pk" PRIMARY KEY("property_id","source")
);
--> statement-breakpoint
CREATE TABLE "inbox_holiday_calendars" (
	"property_id" text PRIMARY KEY NOT NULL,
	"country" varchar(2) NOT NULL,
	"region" varchar(10),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_hook_deliveries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"hook_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"day" varchar(10) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_hook_deliveries_delivery_unique" UNIQUE("hook_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_hooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" text NOT NULL,
	"name" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" text NOT NULL,
	"source" varchar(30) NOT NULL,
	"origin" text,
	"category_id" uuid,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_rules_origin_unique" UNIQUE NULLS NOT DISTINCT("property_id","source","origin")
);
--> statement-breakpoint
CREATE TABLE "inbox_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" text NOT NULL,
	"source" varchar(30) NOT NULL,
	"item_id" text NOT NULL,
	"origin" text,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"color" varchar(10) NOT NULL,
	"category_preset" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"request_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"annotation_id" text,
	"decided_by" uuid,
	"decided_how" varchar(10),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_suggestions_item_unique" UNIQUE("property_id","source","item_id"),
	CONSTRAINT "inbox_suggestions_status_known" CHECK ("inbox_suggestions"."status" in ('open', 'accepted', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "annotation_events" DROP CONSTRAINT "annotation_events_source_known";--> statement-breakpoint
ALTER TABLE "shared_annotation_metadata" DROP CONSTRAINT "shared_annotation_metadata_source_known";--> statement-breakpoint
ALTER TABLE "inbox_hook_deliveries" ADD CONSTRAINT "inbox_hook_deliveries_hook_id_inbox_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."inbox_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_hooks" ADD CONSTRAINT "inbox_hooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_rules" ADD CONSTRAINT "inbox_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_suggestions" ADD CONSTRAINT "inbox_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_hook_deliveries_property_idx" ON "inbox_hook_deliveries" USING btree ("property_id","seq");--> statement-breakpoint
CREATE INDEX "inbox_hooks_property_idx" ON "inbox_hooks" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "inbox_rules_user_idx" ON "inbox_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_suggestions_property_status_idx" ON "inbox_suggestions" USING btree ("property_id","status");--> statement-breakpoint
CREATE INDEX "inbox_suggestions_decided_by_idx" ON "inbox_suggestions" USING btree ("decided_by");--> statement-breakpoint
ALTER TABLE "annotation_events" ADD CONSTRAINT "annotation_events_source_known" CHECK ("annotation_events"."source" in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google', 'inbox'));--> statement-breakpoint
ALTER TABLE "shared_annotation_metadata" ADD CONSTRAINT "shared_annotation_metadata_source_known" CHECK ("shared_annotation_metadata"."source" in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google', 'inbox'));