ALTER TABLE "annotation_suggestions" DROP CONSTRAINT "annotation_suggestions_status_known";--> statement-breakpoint
DROP INDEX "annotation_suggestions_session_idx";--> statement-breakpoint
ALTER TABLE "annotation_audit_sessions" ADD COLUMN "skipped_annotations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_audit_sessions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "annotation_audit_sessions_one_active_idx" ON "annotation_audit_sessions" USING btree ("user_id","property_id") WHERE "annotation_audit_sessions"."status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "annotation_suggestions_session_annotation_idx" ON "annotation_suggestions" USING btree ("audit_session_id","annotation_id");--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD CONSTRAINT "annotation_suggestions_status_known" CHECK ("annotation_suggestions"."status" in ('pending', 'accepted', 'rejected', 'applying', 'applied', 'failed'));