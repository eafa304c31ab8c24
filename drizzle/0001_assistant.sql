ALTER TABLE "chat_sessions" ADD COLUMN "pending_action" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_assistant_message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assistant_count_day" timestamp with time zone;