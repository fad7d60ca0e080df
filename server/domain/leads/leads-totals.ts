/**
 * The leads header's figures for a date range without search or filters (the leads page as it
 * opens, and the performance page), read from lead_day_totals (migration 0008): leads per account
 * and UTC day, kept equal to the leads by triggers. A range is local days in the organization's
 * zone, so its ends rarely fall on UTC midnight: its whole UTC days come from the rollup and the
 * two partial days at its ends from the leads themselves (on the (account_id, created_at) index,
 * location by location). The work grows with the days in the range, not with the leads in it.
 * The edge reads end in OFFSET 0, which keeps PostgreSQL from flattening them into one join: with
 * the edges' instants unknown when it plans, it otherwise hashes every lead of the table (7.7 s at
 * a hundred times the demo data, where the index reads a few thousand rows).
 *
 * - Exact, not an estimate: every lead of [start, end] falls in exactly one of the three parts
 *   (leading edge, whole days, trailing edge), for any zone and across daylight-saving changes.
 * - Search text and New-filter conditions select single leads: those ranges are counted from the
 *   leads (leads-list.ts statistics), never from here.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { LeadsQuery } from '../../../src/api/contracts/leads';
import { type Db, rowsOf } from '../../db/client';
import type { LeadScope } from './leads-filters';

export type PeriodTotals = { total: number; calls: number; billable: number; cents: number };
export type RangeTotals = { current: PeriodTotals; previous: PeriodTotals };

/** Whether the rollup can answer this query: a closed range, no text search, no filter conditions. */
export const rollupAnswers = (query: LeadsQuery) =>
  Boolean(query.start_date && query.end_date && !query.query?.trim() && !query.filters?.length);

/** The customer's accounts (locations) in scope, as the leads reads scope them. */
function scopeIds(scope: LeadScope, locationIds?: string[]): SQL {
  const own = sql`select id from accounts where organization_id = ${scope.organizationId}`;
  return locationIds?.length
    ? sql`${own} and ref_id in (${sql.join(
        locationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : own;
}

const zero: PeriodTotals = { total: 0, calls: 0, billable: 0, cents: 0 };

/**
 * Totals of [start, end] and of the previous period ([previousStart, start)), in one statement.
 * `x1` is the first UTC midnight at or after a period's start, `y1` the last at or before its end:
 * the rollup counts [x1, y1), the leads count [x, least(x1, y)) and [greatest(y1, x1), y).
 */
export async function rangeTotals(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  previousStart: string,
): Promise<RangeTotals> {
  const zone = scope.timeZone;
  const leadParts = (from: SQL, until: SQL) => sql`
    select e.period, 1 as total, (l.lead_type = 'Call')::int as calls, l.billable::int as billable,
      l.cost_cents::bigint as cents
    from edges e cross join scoped s
    cross join lateral (
      select lead_type, billable, cost_cents from leads
      where account_id = s.id and created_at >= ${from} and created_at < ${until}
      offset 0
    ) l`;
  const rows = await rowsOf<{
    period: string;
    total: string;
    calls: string;
    billable: string;
    cents: string;
  }>(
    db,
    sql`
    with scoped as (${scopeIds(scope, query.location_ids)}),
    periods as (
      select 'current' as period, ((${query.start_date}::date)::timestamp at time zone ${zone}) as x,
        (((${query.end_date}::date) + 1)::timestamp at time zone ${zone}) as y
      union all
      select 'previous', ((${previousStart}::date)::timestamp at time zone ${zone}),
        ((${query.start_date}::date)::timestamp at time zone ${zone})
    ),
    edges as (
      select period, x, y,
        case when date_trunc('day', x at time zone 'UTC') = x at time zone 'UTC' then x
          else (date_trunc('day', x at time zone 'UTC') + interval '1 day') at time zone 'UTC' end as x1,
        date_trunc('day', y at time zone 'UTC') at time zone 'UTC' as y1
      from periods
    )
    select period, sum(total) as total, sum(calls) as calls, sum(billable) as billable, sum(cents) as cents
    from (
      select e.period, t.total, t.calls, t.billable, t.cost_cents as cents
      from edges e join lead_day_totals t
        on t.day >= (e.x1 at time zone 'UTC')::date and t.day < (e.y1 at time zone 'UTC')::date
      where t.account_id in (select id from scoped)
      union all ${leadParts(sql`e.x`, sql`least(e.x1, e.y)`)}
      union all ${leadParts(sql`greatest(e.y1, e.x1)`, sql`e.y`)}
    ) parts
    group by period`,
  );
  const totals = (period: string): PeriodTotals => {
    const row = rows.find((r) => r.period === period);
    return row
      ? {
          total: Number(row.total),
          calls: Number(row.calls),
          billable: Number(row.billable),
          cents: Number(row.cents),
        }
      : zero;
  };
  return { current: totals('current'), previous: totals('previous') };
}
