CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_provider_account_unique" UNIQUE("provider_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annotation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"event_type" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_events_type_known" CHECK ("annotation_events"."event_type" in ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "annotation_metadata" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"annotation_id" text NOT NULL,
	"property_id" text NOT NULL,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_metadata_property_annotation_unique" UNIQUE("property_id","annotation_id")
);
--> statement-breakpoint
CREATE TABLE "annotation_audit_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"total_annotations" integer DEFAULT 0 NOT NULL,
	"processed_annotations" integer DEFAULT 0 NOT NULL,
	"last_step" text,
	"error_message" text,
	"error_stack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "annotation_audit_sessions_status_known" CHECK ("annotation_audit_sessions"."status" in ('pending', 'in_progress', 'completed', 'failed')),
	CONSTRAINT "annotation_audit_sessions_progress_valid" CHECK ("annotation_audit_sessions"."processed_annotations" >= 0 and "annotation_audit_sessions"."total_annotations" >= 0),
	CONSTRAINT "annotation_audit_sessions_date_range_ordered" CHECK ("annotation_audit_sessions"."start_date" is null or "annotation_audit_sessions"."end_date" is null or "annotation_audit_sessions"."start_date" <= "annotation_audit_sessions"."end_date")
);
--> statement-breakpoint
CREATE TABLE "annotation_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_session_id" uuid NOT NULL,
	"annotation_id" text NOT NULL,
	"original_title" text NOT NULL,
	"original_description" text,
	"original_color" varchar(20),
	"suggested_title" text,
	"suggested_description" text,
	"suggested_category_id" uuid,
	"suggested_category_name" varchar(100),
	"suggested_category_description" text,
	"suggested_category_color" varchar(20),
	"suggested_color" varchar(20),
	"ai_reasoning" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"modified_title" text,
	"modified_description" text,
	"modified_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_suggestions_status_known" CHECK ("annotation_suggestions"."status" in ('pending', 'accepted', 'rejected', 'applied', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "annotation_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"color" varchar(20) NOT NULL,
	"description" text,
	"title_template" text,
	"is_default" text DEFAULT 'false' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_categories_is_default_boolean_text" CHECK ("annotation_categories"."is_default" in ('true', 'false'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"role" varchar(20) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_role_known" CHECK ("chat_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"locked" varchar(10) DEFAULT 'false' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_user_property_unique" UNIQUE("user_id","property_id"),
	CONSTRAINT "properties_locked_boolean_text" CHECK ("properties"."locked" in ('true', 'false'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"subscription_tier" varchar(20) DEFAULT 'freemium',
	"locked_property_id" text,
	"daily_annotation_count" integer DEFAULT 0 NOT NULL,
	"daily_count_reset_at" timestamp with time zone,
	"property_quota" integer DEFAULT 1 NOT NULL,
	"annotation_quota" integer DEFAULT 5 NOT NULL,
	"google_access_token" text,
	"google_refresh_token" text,
	"google_token_expiry" timestamp with time zone,
	"google_scopes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_subscription_tier_known" CHECK ("users"."subscription_tier" in ('freemium', 'premium')),
	CONSTRAINT "users_daily_annotation_count_non_negative" CHECK ("users"."daily_annotation_count" >= 0),
	CONSTRAINT "users_quotas_non_negative" CHECK ("users"."property_quota" >= 0 and "users"."annotation_quota" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_events" ADD CONSTRAINT "annotation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_metadata" ADD CONSTRAINT "annotation_metadata_category_id_annotation_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_audit_sessions" ADD CONSTRAINT "annotation_audit_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD CONSTRAINT "annotation_suggestions_audit_session_id_annotation_audit_sessions_id_fk" FOREIGN KEY ("audit_session_id") REFERENCES "public"."annotation_audit_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD CONSTRAINT "annotation_suggestions_suggested_category_id_annotation_categories_id_fk" FOREIGN KEY ("suggested_category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD CONSTRAINT "annotation_suggestions_modified_category_id_annotation_categories_id_fk" FOREIGN KEY ("modified_category_id") REFERENCES "public"."annotation_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_categories" ADD CONSTRAINT "annotation_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "annotation_events_user_created_idx" ON "annotation_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "annotation_metadata_category_idx" ON "annotation_metadata" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "annotation_audit_sessions_user_created_idx" ON "annotation_audit_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "annotation_suggestions_session_idx" ON "annotation_suggestions" USING btree ("audit_session_id");--> statement-breakpoint
CREATE INDEX "annotation_categories_user_idx" ON "annotation_categories" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "annotation_categories_user_name_unique" ON "annotation_categories" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "chat_messages_session_created_idx" ON "chat_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_user_idx" ON "chat_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));