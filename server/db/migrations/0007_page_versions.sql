-- A leads page is held in memory too (lib/version-cache.ts), so leads_version now also moves with
-- what a page shows besides the leads themselves: a lead's review status (lead_reviews) and the
-- user's leads table columns (table_configs of type 'leads'). Statement triggers, like 0006's.
CREATE FUNCTION "bump_leads_version_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a JOIN "leads" l ON l."account_id" = a."id"
        WHERE l."id" IN (SELECT "lead_id" FROM "new_rows"));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT a."organization_id" FROM "accounts" a JOIN "leads" l ON l."account_id" = a."id"
        WHERE l."id" IN (SELECT "lead_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_leads_version_table_configs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT u."organization_id" FROM "users" u
        WHERE u."id" IN (SELECT "user_id" FROM "new_rows" WHERE "type" = 'leads'));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "organizations" SET "leads_version" = "leads_version" + 1
      WHERE "id" IN (SELECT u."organization_id" FROM "users" u
        WHERE u."id" IN (SELECT "user_id" FROM "old_rows" WHERE "type" = 'leads'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lead_reviews_version_insert" AFTER INSERT ON "lead_reviews" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_reviews"();
--> statement-breakpoint
CREATE TRIGGER "lead_reviews_version_update" AFTER UPDATE ON "lead_reviews" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_reviews"();
--> statement-breakpoint
CREATE TRIGGER "lead_reviews_version_delete" AFTER DELETE ON "lead_reviews" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_reviews"();
--> statement-breakpoint
CREATE TRIGGER "table_configs_version_insert" AFTER INSERT ON "table_configs" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_table_configs"();
--> statement-breakpoint
CREATE TRIGGER "table_configs_version_update" AFTER UPDATE ON "table_configs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_table_configs"();
--> statement-breakpoint
CREATE TRIGGER "table_configs_version_delete" AFTER DELETE ON "table_configs" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_leads_version_table_configs"();
--> statement-breakpoint
CREATE TRIGGER "lead_reviews_version_truncate" AFTER TRUNCATE ON "lead_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_leads_versions"();
--> statement-breakpoint
CREATE TRIGGER "table_configs_version_truncate" AFTER TRUNCATE ON "table_configs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_leads_versions"();
