CREATE TABLE "annotation_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"status" varchar(20) NOT NULL,
	"total" integer NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_imports_status_known" CHECK ("annotation_imports"."status" in ('running', 'waiting_for_quota', 'done'))
);
--> statement-breakpoint
ALTER TABLE "annotation_imports" ADD CONSTRAINT "annotation_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_imports_user_idx" ON "annotation_imports" USING btree ("user_id","created_at");