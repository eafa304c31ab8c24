CREATE TABLE "annotation_create_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"state" varchar(20) NOT NULL,
	"annotation_id" text,
	"body" jsonb NOT NULL,
	"quota_day" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_create_requests_state_known" CHECK ("annotation_create_requests"."state" in ('pending', 'unconfirmed', 'created', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "annotation_create_requests" ADD CONSTRAINT "annotation_create_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_create_requests_open_idx" ON "annotation_create_requests" USING btree ("user_id","property_id") WHERE "annotation_create_requests"."state" in ('pending', 'unconfirmed');