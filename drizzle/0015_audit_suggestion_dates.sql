ALTER TABLE "annotation_suggestions" ADD COLUMN "annotation_date" date;--> statement-breakpoint
ALTER TABLE "annotation_suggestions" ADD COLUMN "annotation_end_date" date;