ALTER TABLE "annotation_metadata" DROP CONSTRAINT "annotation_metadata_property_annotation_unique";--> statement-breakpoint
ALTER TABLE "annotation_metadata" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- An existing assignment belongs to the owner of its category; rows without a category carry
-- nothing a person chose, so they go.
UPDATE "annotation_metadata" AS m SET "user_id" = c."user_id" FROM "annotation_categories" AS c WHERE m."category_id" = c."id";--> statement-breakpoint
DELETE FROM "annotation_metadata" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "annotation_metadata" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_metadata" ADD CONSTRAINT "annotation_metadata_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_metadata" ADD CONSTRAINT "annotation_metadata_user_property_annotation_unique" UNIQUE("user_id","property_id","annotation_id");
