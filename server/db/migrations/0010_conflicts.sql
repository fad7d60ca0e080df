ALTER TABLE "campaigns" ADD COLUMN "status_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "schedule_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "profile_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "paid_media_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_reviews" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written: conflicts
-- A campaign's status is changed by the user's writes and by jobs (a timed pause ending), so its
-- version is raised here, once per row whose status really changes, whoever changes it.
CREATE OR REPLACE FUNCTION "raise_campaign_status_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."status_version" := OLD."status_version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_status_version" BEFORE UPDATE OF "status" ON "campaigns"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "raise_campaign_status_version"();
