CREATE TABLE "shared_annotation_metadata" (
	"property_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"source" varchar(20),
	"added_at" timestamp with time zone,
	CONSTRAINT "shared_annotation_metadata_property_id_annotation_id_pk" PRIMARY KEY("property_id","annotation_id"),
	CONSTRAINT "shared_annotation_metadata_source_known" CHECK ("shared_annotation_metadata"."source" in ('tidemark', 'assistant', 'audit', 'import', 'api', 'google'))
);
--> statement-breakpoint
ALTER TABLE "annotation_create_requests" ADD COLUMN "extras" jsonb DEFAULT '{"categoryId":null,"source":null}'::jsonb NOT NULL;--> statement-breakpoint
-- Annotations Tidemark made before this table: how is not known, so the source stays null; when is
-- their recorded creation. Deleted ones are gone for everyone and get no row.
INSERT INTO "shared_annotation_metadata" ("property_id", "annotation_id", "source", "added_at") SELECT e."property_id", e."annotation_id", NULL, min(e."created_at") FROM "annotation_events" AS e WHERE e."event_type" = 'created' AND NOT EXISTS (SELECT 1 FROM "annotation_events" AS d WHERE d."event_type" = 'deleted' AND d."property_id" = e."property_id" AND d."annotation_id" = e."annotation_id") GROUP BY e."property_id", e."annotation_id";
