-- Leads per account, calendar day in the organization's time zone, service, channel and campaign
-- (0: none): how many, how many calls, and their cost. The performance overview
-- (server/domain/performance/perf-overview.ts) reads its breakdowns here: a range is whole local
-- days, weekdays are the local day's, so a year of a franchise reads a bounded number of rows
-- (locations x days x the campaign and channel pairs they run) however many leads it holds; a
-- campaign has one service and few channels, so at today's volume this is about a row per lead.
-- Statement-level triggers with transition tables keep it equal to the leads (one grouped upsert
-- per statement, as 0008_leads_day_totals); changing an organization's time zone, or moving an
-- account to another organization, recounts the accounts concerned from their leads.
CREATE TABLE "lead_day_breakdowns" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"service" text NOT NULL,
	"channel" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"total" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "lead_day_breakdowns_pk" PRIMARY KEY ("account_id", "day", "service", "channel", "campaign_id")
);
--> statement-breakpoint
-- The zone the performance reads use (perf-scope.ts): the organization's, New York when unset.
CREATE FUNCTION "lead_day_breakdowns_zone"("zone" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(nullif("zone", ''), 'America/New_York')
$$;
--> statement-breakpoint
-- The statement that adds the rows of `source` (account_id, created_at, service, channel,
-- campaign_id, total, calls, cost_cents; negative for removed leads) to the breakdowns. Returned, not
-- run: a trigger's transition tables are visible only to statements its own function executes.
CREATE FUNCTION "lead_day_breakdowns_merge"("source" text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN format(
		'INSERT INTO "lead_day_breakdowns" AS r
		SELECT d.account_id, (d.created_at AT TIME ZONE lead_day_breakdowns_zone(o.time_zone))::date,
			d.service, d.channel, coalesce(d.campaign_id, 0), sum(d.total), sum(d.calls), sum(d.cost_cents)
		FROM (%s) AS d (account_id, created_at, service, channel, campaign_id, total, calls, cost_cents)
			JOIN accounts a ON a.id = d.account_id JOIN organizations o ON o.id = a.organization_id
		GROUP BY 1, 2, 3, 4, 5
		ON CONFLICT (account_id, day, service, channel, campaign_id) DO UPDATE SET
			total = r.total + excluded.total, calls = r.calls + excluded.calls,
			cost_cents = r.cost_cents + excluded.cost_cents',
		"source"
	);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_day_breakdowns_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added text := 'SELECT account_id, created_at, service, channel, campaign_id, 1, (lead_type = ''Call'')::int, cost_cents FROM new_rows';
	removed text := 'SELECT account_id, created_at, service, channel, campaign_id, -1, -(lead_type = ''Call'')::int, -cost_cents FROM old_rows';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		TRUNCATE "lead_day_breakdowns";
		RETURN NULL;
	END IF;
	EXECUTE lead_day_breakdowns_merge(
		CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END
	);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counts the given accounts again from their leads (their days follow their organization's zone).
CREATE FUNCTION "lead_day_breakdowns_recount"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "lead_day_breakdowns" WHERE account_id = ANY("ids");
	EXECUTE lead_day_breakdowns_merge(format(
		'SELECT account_id, created_at, service, channel, campaign_id, 1, (lead_type = ''Call'')::int, cost_cents
		FROM leads WHERE account_id = ANY(%L::integer[])', "ids"
	));
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_day_breakdowns_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lead_day_breakdowns_recount(ARRAY(SELECT id FROM accounts WHERE organization_id = NEW.id));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_day_breakdowns_account_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM lead_day_breakdowns_recount(ARRAY[NEW.id]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_insert" AFTER INSERT ON "leads"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_breakdowns_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_update" AFTER UPDATE ON "leads"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_breakdowns_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_delete" AFTER DELETE ON "leads"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_breakdowns_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_truncate" AFTER TRUNCATE ON "leads"
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_breakdowns_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_zone" AFTER UPDATE OF "time_zone" ON "organizations"
	FOR EACH ROW WHEN (lead_day_breakdowns_zone(OLD.time_zone) IS DISTINCT FROM lead_day_breakdowns_zone(NEW.time_zone))
	EXECUTE FUNCTION "lead_day_breakdowns_zone_changed"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_breakdowns_account" AFTER UPDATE OF "organization_id" ON "accounts"
	FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
	EXECUTE FUNCTION "lead_day_breakdowns_account_moved"();
--> statement-breakpoint
SELECT lead_day_breakdowns_recount(ARRAY(SELECT id FROM accounts));
