CREATE TABLE "dismissed_traffic_changes" (
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dismissed_traffic_changes_user_id_property_id_day_pk" PRIMARY KEY("user_id","property_id","day")
);
--> statement-breakpoint
CREATE TABLE "traffic_report_cache" (
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"metric" text NOT NULL,
	"range_key" text NOT NULL,
	"series" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_report_cache_user_id_property_id_metric_range_key_pk" PRIMARY KEY("user_id","property_id","metric","range_key")
);
--> statement-breakpoint
ALTER TABLE "dismissed_traffic_changes" ADD CONSTRAINT "dismissed_traffic_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_report_cache" ADD CONSTRAINT "traffic_report_cache_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_report_cache_fetched_idx" ON "traffic_report_cache" USING btree ("fetched_at");