ALTER TABLE "annotation_events" ADD COLUMN "source" varchar(20);--> statement-breakpoint
ALTER TABLE "annotation_events" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "annotation_events" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "annotation_events" ADD COLUMN "undoes_event_id" uuid;--> statement-breakpoint
ALTER TABLE "annotation_events" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "annotation_events" ADD CONSTRAINT "annotation_events_undoes_event_id_annotation_events_id_fk" FOREIGN KEY ("undoes_event_id") REFERENCES "public"."annotation_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_events_annotation_idx" ON "annotation_events" USING btree ("property_id","annotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "annotation_events_undoes_unique" ON "annotation_events" USING btree ("undoes_event_id");--> statement-breakpoint
ALTER TABLE "annotation_events" ADD CONSTRAINT "annotation_events_source_known" CHECK ("annotation_events"."source" in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google'));