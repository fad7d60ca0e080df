-- Paid search per account, day and provider, and per account, month and provider: ad_facts_daily
-- summed over campaigns and devices (and days), the rows the reports without a device or campaign
-- dimension read (about a fifth, and a hundredth, of the facts). Statement-level triggers with
-- transition tables keep both equal to the facts on every insert, update, delete and truncate
-- (one grouped upsert per table and statement, so a bulk load stays fast). The device figures
-- read ad_facts_device_monthly (per account, month, provider and device) the same way.
CREATE TABLE "ad_facts_provider_daily" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"provider" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"leads" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"forms" bigint NOT NULL,
	CONSTRAINT "ad_facts_provider_daily_pk" PRIMARY KEY ("account_id", "date", "provider")
);
--> statement-breakpoint
CREATE TABLE "ad_facts_provider_monthly" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"provider" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"conversions" bigint NOT NULL,
	"leads" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"forms" bigint NOT NULL,
	CONSTRAINT "ad_facts_provider_monthly_pk" PRIMARY KEY ("account_id", "date", "provider")
);
--> statement-breakpoint
CREATE FUNCTION "ad_facts_rollups_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added text := 'SELECT account_id, date, provider, impressions, clicks, cost_cents, conversions, leads, calls, forms FROM new_rows';
	rollup text;
	removed text := 'SELECT account_id, date, provider, -impressions, -clicks, -cost_cents, -conversions, -leads, -calls, -forms FROM old_rows';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		TRUNCATE "ad_facts_provider_daily", "ad_facts_provider_monthly";
		RETURN NULL;
	END IF;
	-- The month's row is dated the month's first day.
	FOREACH rollup IN ARRAY ARRAY['ad_facts_provider_daily', 'ad_facts_provider_monthly'] LOOP
		EXECUTE format(
			'INSERT INTO %I AS r
			SELECT account_id, %s, provider, sum(impressions), sum(clicks), sum(cost_cents), sum(conversions),
				sum(leads), sum(calls), sum(forms)
			FROM (%s) AS delta (account_id, date, provider, impressions, clicks, cost_cents, conversions, leads, calls, forms)
			GROUP BY 1, 2, 3
			ON CONFLICT (account_id, date, provider) DO UPDATE SET
				impressions = r.impressions + excluded.impressions, clicks = r.clicks + excluded.clicks,
				cost_cents = r.cost_cents + excluded.cost_cents, conversions = r.conversions + excluded.conversions,
				leads = r.leads + excluded.leads, calls = r.calls + excluded.calls, forms = r.forms + excluded.forms',
			rollup,
			CASE rollup WHEN 'ad_facts_provider_daily' THEN 'date' ELSE 'date_trunc(''month'', date)::date' END,
			CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END
		);
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ad_facts_provider_daily_insert" AFTER INSERT ON "ad_facts_daily"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_rollups_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_provider_daily_update" AFTER UPDATE ON "ad_facts_daily"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_rollups_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_provider_daily_delete" AFTER DELETE ON "ad_facts_daily"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_rollups_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_provider_daily_truncate" AFTER TRUNCATE ON "ad_facts_daily"
	FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_rollups_add"();
--> statement-breakpoint
INSERT INTO "ad_facts_provider_daily"
SELECT account_id, date, provider, sum(impressions), sum(clicks), sum(cost_cents), sum(conversions),
	sum(leads), sum(calls), sum(forms)
FROM "ad_facts_daily"
GROUP BY account_id, date, provider;
--> statement-breakpoint
INSERT INTO "ad_facts_provider_monthly"
SELECT account_id, date_trunc('month', date)::date, provider, sum(impressions), sum(clicks), sum(cost_cents),
	sum(conversions), sum(leads), sum(calls), sum(forms)
FROM "ad_facts_daily"
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TABLE "ad_facts_device_monthly" (
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"provider" text NOT NULL,
	"device" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"leads" bigint NOT NULL,
	CONSTRAINT "ad_facts_device_monthly_pk" PRIMARY KEY ("account_id", "date", "provider", "device")
);
--> statement-breakpoint
CREATE FUNCTION "ad_facts_device_monthly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added text := 'SELECT account_id, date, provider, device, impressions, clicks, cost_cents, leads FROM new_rows';
	removed text := 'SELECT account_id, date, provider, device, -impressions, -clicks, -cost_cents, -leads FROM old_rows';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		TRUNCATE "ad_facts_device_monthly";
		RETURN NULL;
	END IF;
	EXECUTE format(
		'INSERT INTO "ad_facts_device_monthly" AS r
		SELECT account_id, date_trunc(''month'', date)::date, provider, device, sum(impressions), sum(clicks),
			sum(cost_cents), sum(leads)
		FROM (%s) AS delta (account_id, date, provider, device, impressions, clicks, cost_cents, leads)
		GROUP BY 1, 2, 3, 4
		ON CONFLICT (account_id, date, provider, device) DO UPDATE SET
			impressions = r.impressions + excluded.impressions, clicks = r.clicks + excluded.clicks,
			cost_cents = r.cost_cents + excluded.cost_cents, leads = r.leads + excluded.leads',
		CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END
	);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ad_facts_device_monthly_insert" AFTER INSERT ON "ad_facts_daily"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_device_monthly_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_device_monthly_update" AFTER UPDATE ON "ad_facts_daily"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_device_monthly_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_device_monthly_delete" AFTER DELETE ON "ad_facts_daily"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_device_monthly_add"();
--> statement-breakpoint
CREATE TRIGGER "ad_facts_device_monthly_truncate" AFTER TRUNCATE ON "ad_facts_daily"
	FOR EACH STATEMENT EXECUTE FUNCTION "ad_facts_device_monthly_add"();
--> statement-breakpoint
INSERT INTO "ad_facts_device_monthly"
SELECT account_id, date_trunc('month', date)::date, provider, device, sum(impressions), sum(clicks),
	sum(cost_cents), sum(leads)
FROM "ad_facts_daily"
GROUP BY 1, 2, 3, 4;
