CREATE TABLE "connected_app_settings" (
	"user_id" uuid NOT NULL,
	"client_id" varchar(2000) NOT NULL,
	"deletes_without_asking" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_app_settings_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "mcp_clients" (
	"token_id" varchar(255) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"elicitation" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "client_id" varchar(2000);--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "app_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "channel" varchar(20) DEFAULT 'tidemark' NOT NULL;--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "status" varchar(20) DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "mcp_confirmations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connected_app_settings" ADD CONSTRAINT "connected_app_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_clients" ADD CONSTRAINT "mcp_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_confirmations_user_status_idx" ON "mcp_confirmations" USING btree ("user_id","status");--> statement-breakpoint