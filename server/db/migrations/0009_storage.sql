ALTER TABLE "files" ADD COLUMN "presign_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "files_presign_key_unique" ON "files" USING btree ("user_id","presign_key");--> statement-breakpoint
CREATE INDEX "files_not_uploaded_idx" ON "files" USING btree ("created_at") WHERE "files"."uploaded_at" IS NULL;