CREATE TABLE "annotation_set_members" (
	"property_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"set_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_set_members_property_id_annotation_id_pk" PRIMARY KEY("property_id","annotation_id")
);
--> statement-breakpoint
CREATE INDEX "annotation_set_members_set_idx" ON "annotation_set_members" USING btree ("set_id");