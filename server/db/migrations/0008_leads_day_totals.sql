-- Leads per account and UTC day: how many, how many calls, how many billable, and their cost. The
-- leads statistics (server/domain/leads-totals.ts) read a range's whole UTC days here and only its
-- two partial edge days from the leads, so a year of a franchise reads a few thousand rows however
-- many leads it holds. Statement-level triggers with transition tables keep it equal to the leads
-- on every insert, update, delete and truncate (one grouped upsert per statement, so a bulk load
-- stays fast), as the paid-search rollups of 0005_perf_rollup do.
CREATE TABLE "lead_day_totals" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"total" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"billable" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "lead_day_totals_pk" PRIMARY KEY ("account_id", "day")
);
--> statement-breakpoint
CREATE FUNCTION "lead_day_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added text := 'SELECT account_id, created_at, 1, (lead_type = ''Call'')::int, billable::int, cost_cents FROM new_rows';
	removed text := 'SELECT account_id, created_at, -1, -(lead_type = ''Call'')::int, -billable::int, -cost_cents FROM old_rows';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		TRUNCATE "lead_day_totals";
		RETURN NULL;
	END IF;
	EXECUTE format(
		'INSERT INTO "lead_day_totals" AS r
		SELECT account_id, (created_at AT TIME ZONE ''UTC'')::date, sum(total), sum(calls), sum(billable), sum(cost_cents)
		FROM (%s) AS delta (account_id, created_at, total, calls, billable, cost_cents)
		GROUP BY 1, 2
		ON CONFLICT (account_id, day) DO UPDATE SET
			total = r.total + excluded.total, calls = r.calls + excluded.calls,
			billable = r.billable + excluded.billable, cost_cents = r.cost_cents + excluded.cost_cents',
		CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END
	);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_day_totals_insert" AFTER INSERT ON "leads"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_totals_update" AFTER UPDATE ON "leads"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_totals_delete" AFTER DELETE ON "leads"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_day_totals_truncate" AFTER TRUNCATE ON "leads"
	FOR EACH STATEMENT EXECUTE FUNCTION "lead_day_totals_add"();
--> statement-breakpoint
INSERT INTO "lead_day_totals"
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE lead_type = 'Call'),
	count(*) FILTER (WHERE billable), sum(cost_cents)
FROM "leads"
GROUP BY 1, 2;
