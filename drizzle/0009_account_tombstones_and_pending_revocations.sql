CREATE TABLE "account_tombstones" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"annotation_count" integer DEFAULT 0 NOT NULL,
	"annotation_count_day" timestamp with time zone,
	"assistant_message_count" integer DEFAULT 0 NOT NULL,
	"assistant_count_day" timestamp with time zone,
	"locked_property_id" text,
	"lock_kept_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tombstones_counts_non_negative" CHECK ("account_tombstones"."annotation_count" >= 0 and "account_tombstones"."assistant_message_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pending_google_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_tombstones_expires_idx" ON "account_tombstones" USING btree ("expires_at");