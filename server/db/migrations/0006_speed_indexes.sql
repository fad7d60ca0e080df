ALTER TABLE "organizations" ADD COLUMN "leads_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "settings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What lib/version-cache.ts holds in memory is keyed by these versions: every write that can change
-- a held answer bumps the version of the organizations it concerns, whichever instance or tool
-- wrote it. leads_version: the organization's leads, and moves of its accounts (leads statistics).
-- settings_version: its users' tabs, its accounts' platforms, its campaigns' media types (settings).
CREATE FUNCTION "bump_leads_version_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a WHERE a."id" IN (SELECT "account_id" FROM "new_rows"));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a WHERE a."id" IN (SELECT "account_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_all_leads_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "leads_version" = "leads_version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_account_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "leads_version" = "leads_version" + 1, "settings_version" = "settings_version" + 1
    WHERE "id" IN (
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."organization_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."organization_id" END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_settings_version_tabs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "organizations" SET "settings_version" = "settings_version" + 1
      WHERE "id" IN (SELECT u."organization_id" FROM "users" u WHERE u."id" IN (SELECT "user_id" FROM "new_rows"));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "organizations" SET "settings_version" = "settings_version" + 1
      WHERE "id" IN (SELECT u."organization_id" FROM "users" u WHERE u."id" IN (SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_settings_version_campaign_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "organizations" SET "settings_version" = "settings_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a WHERE a."id" IN (SELECT "account_id" FROM "new_rows"));
  ELSE
    UPDATE "organizations" SET "settings_version" = "settings_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a WHERE a."id" IN (SELECT "account_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_settings_version_campaign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "settings_version" = "settings_version" + 1
    WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a WHERE a."id" IN (OLD."account_id", NEW."account_id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leads_version_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_rows"();
--> statement-breakpoint
CREATE TRIGGER "leads_version_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_rows"();
--> statement-breakpoint
CREATE TRIGGER "leads_version_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_rows"();
--> statement-breakpoint
CREATE TRIGGER "leads_version_truncate" AFTER TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_leads_versions"();
--> statement-breakpoint
CREATE TRIGGER "accounts_versions" AFTER INSERT OR UPDATE OF "organization_id", "ref_id", "platform" OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_versions"();
--> statement-breakpoint
CREATE TRIGGER "tabs_settings_version_insert" AFTER INSERT ON "tabs" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_settings_version_tabs"();
--> statement-breakpoint
CREATE TRIGGER "tabs_settings_version_update" AFTER UPDATE ON "tabs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_settings_version_tabs"();
--> statement-breakpoint
CREATE TRIGGER "tabs_settings_version_delete" AFTER DELETE ON "tabs" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_settings_version_tabs"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_settings_version_insert" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_settings_version_campaign_rows"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_settings_version_delete" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_settings_version_campaign_rows"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_settings_version_update" AFTER UPDATE OF "media_type", "account_id" ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "bump_settings_version_campaign"();
