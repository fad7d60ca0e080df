ALTER TABLE "organizations" ADD COLUMN "leads_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The leads statistics are cached per organization and leads_version (server/domain/leads-cache.ts):
-- every write to leads, and every move or removal of an account, bumps the version of the
-- organizations whose figures it can change, whichever instance or tool wrote it.
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
CREATE FUNCTION "bump_account_leads_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "leads_version" = "leads_version" + 1
    WHERE "id" IN (OLD."organization_id", CASE WHEN TG_OP = 'UPDATE' THEN NEW."organization_id" END);
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
CREATE TRIGGER "leads_version_accounts" AFTER UPDATE OF "organization_id", "ref_id" OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_leads_version"();
