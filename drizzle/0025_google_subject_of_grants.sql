ALTER TABLE "users" ADD COLUMN "google_subject" text;--> statement-breakpoint
ALTER TABLE "pending_google_revocations" ADD COLUMN "sealed_google_subject" text;--> statement-breakpoint
CREATE INDEX "users_google_subject_idx" ON "users" USING btree ("google_subject");