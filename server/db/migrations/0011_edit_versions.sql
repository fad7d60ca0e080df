ALTER TABLE "business_details" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_details" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_details" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_counties" ADD COLUMN "status_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_counties" ADD COLUMN "target_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written: edit versions
-- A county's status is changed by the user's writes and by jobs (a timed pause ending), so, as
-- for campaigns (0010_conflicts), its version is raised here, once per row whose status changes.
CREATE OR REPLACE FUNCTION "raise_county_status_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."status_version" := OLD."status_version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_counties_status_version" BEFORE UPDATE OF "status" ON "campaign_counties"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "raise_county_status_version"();
