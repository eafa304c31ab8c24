CREATE TABLE "annotation_list_cache" (
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"annotations" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "annotation_list_cache_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "annotation_list_cache" ADD CONSTRAINT "annotation_list_cache_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_list_cache_fetched_idx" ON "annotation_list_cache" USING btree ("fetched_at");