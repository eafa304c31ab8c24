ALTER TABLE "users" ADD COLUMN "locked_property_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_interest_at" timestamp with time zone;