/**
 * RevConnect (Revenue and Conversion) reports over revconnect_facts_daily (spec part 3 §2.5
 * RevConnect): the twelve metric tiles, the marketing funnel, the revenue/sales, cost of marketing,
 * cost per sale and lead to sale graphs, and the Location Breakdown (10 a page).
 *
 * Without the RevConnect flag there are no facts: the figures are zero and the screen shows its
 * promo over sample data instead (the client decides from the user's settings).
 * cost_per_x = cost of marketing / x; rev_per_x = revenue / x; lead to sale = sales / leads (%).
 */
import { sql } from 'drizzle-orm';
import {
  FUNNEL_STAGES,
  type RangeQuery,
  REVCONNECT_METRICS,
  type RevconnectFunnel,
  type RevconnectMetrics,
  type RevconnectTableQuery,
  type SeriesGraph,
  type TableResponse,
} from '../../../src/api/contracts/performance';
import { type Db, rowsOf } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';
import {
  accountIn,
  bucketSql,
  buckets,
  intervalOf,
  pageOf,
  perfScope,
  periodTotals,
  ratio,
  round2,
  stat,
  type Totals,
} from './perf-scope';

const MEASURES = [
  'leads',
  'qualified_leads',
  'appointments',
  'sales',
  'revenue_cents',
  'cost_of_marketing_cents',
];
const TITLES: Record<string, string> = {
  leads: 'Leads',
  qualified_leads: 'Qualified Leads',
  appointments: 'Appointments',
  sales: 'Sales',
  cost_per_lead: 'Cost Per Lead',
  cost_per_ql: 'Cost Per QL',
  cost_per_appt: 'Cost Per Appt',
  cost_per_sale: 'Cost Per Sale',
  rev_per_lead: 'Rev Per Lead',
  rev_per_ql: 'Rev Per QL',
  rev_per_appt: 'Rev Per Appt',
  rev_per_sale: 'Rev Per Sale',
};

function metricValues(t: Totals): Record<string, number> {
  const cost = t.cost_of_marketing_cents / 100;
  const revenue = t.revenue_cents / 100;
  return {
    leads: t.leads,
    qualified_leads: t.qualified_leads,
    appointments: t.appointments,
    sales: t.sales,
    cost_per_lead: ratio(cost, t.leads),
    cost_per_ql: ratio(cost, t.qualified_leads),
    cost_per_appt: ratio(cost, t.appointments),
    cost_per_sale: ratio(cost, t.sales),
    rev_per_lead: ratio(revenue, t.leads),
    rev_per_ql: ratio(revenue, t.qualified_leads),
    rev_per_appt: ratio(revenue, t.appointments),
    rev_per_sale: ratio(revenue, t.sales),
  };
}

export async function revconnectMetrics(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<RevconnectMetrics> {
  const scope = await perfScope(db, caller, input);
  const { current, previous } = await periodTotals(db, scope, 'revconnect_facts_daily', MEASURES);
  const c = metricValues(current);
  const p = metricValues(previous);
  return { metrics: Object.fromEntries(REVCONNECT_METRICS.map((m) => [m, stat(TITLES[m], c[m], p[m])])) };
}

export async function revconnectFunnel(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<RevconnectFunnel> {
  const scope = await perfScope(db, caller, input);
  const { current: c } = await periodTotals(db, scope, 'revconnect_facts_daily', MEASURES);
  const values = [c.leads, c.qualified_leads, c.appointments, c.sales];
  return { funnel: FUNNEL_STAGES.map((name, i) => ({ name, data: [{ value: values[i] }] })) };
}

export type RevconnectGraphKind = 'rev_sales' | 'marketing' | 'cost_per_sale' | 'lead_to_sale';

export async function revconnectGraph(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
  kind: RevconnectGraphKind,
): Promise<SeriesGraph> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, number | string>>(
    db,
    sql`select ${bucketSql(scope)} as bucket, sum(leads)::float8 as leads, sum(sales)::float8 as sales,
          sum(revenue_cents)::float8 as revenue, sum(cost_of_marketing_cents)::float8 as cost
        from revconnect_facts_daily
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
        group by 1`,
  );
  const dates = buckets(scope);
  const at = (date: string) => rows.find((r) => r.bucket === date);
  const n = (r: Record<string, number | string> | undefined, k: string) => Number(r?.[k] ?? 0);
  const sum = (k: string) => rows.reduce((t, r) => t + n(r, k), 0);
  const line = (f: (r: Record<string, number | string> | undefined) => number) =>
    dates.map((date) => ({ date, value: round2(f(at(date))) }));
  const graph = (series: SeriesGraph['series'], totals: SeriesGraph['totals']): SeriesGraph => ({
    interval: intervalOf(scope),
    series,
    totals,
  });
  switch (kind) {
    case 'rev_sales':
      return graph(
        { revenue: line((r) => n(r, 'revenue') / 100), sales: line((r) => n(r, 'sales')) },
        { total_rev: round2(sum('revenue') / 100), total_sales: sum('sales') },
      );
    case 'marketing':
      return graph({ cost: line((r) => n(r, 'cost') / 100) }, { total: round2(sum('cost') / 100) });
    case 'cost_per_sale':
      return graph(
        { cost_per_sale: line((r) => ratio(n(r, 'cost') / 100, n(r, 'sales'))) },
        { total_cost_per_sale: round2(ratio(sum('cost') / 100, sum('sales'))) },
      );
    case 'lead_to_sale':
      return graph(
        { lead_to_sale: line((r) => ratio(n(r, 'sales') * 100, n(r, 'leads'))) },
        { total_lead_to_sale: round2(ratio(sum('sales') * 100, sum('leads'))) },
      );
  }
}

export async function revconnectLocations(
  db: Db,
  caller: ReportCaller,
  input: RevconnectTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`select account_id, sum(leads)::float8 as leads, sum(qualified_leads)::float8 as qualified_leads,
          sum(appointments)::float8 as appointments, sum(sales)::float8 as sales,
          sum(revenue_cents)::float8 as revenue_cents, sum(cost_of_marketing_cents)::float8 as cost_of_marketing_cents
        from revconnect_facts_daily
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
        group by account_id`,
  );
  const cells = (name: string, r?: Record<string, number>) => {
    const n = (k: string) => Number(r?.[k] ?? 0);
    return [
      { name: 'name', label: 'Location', value: name },
      { name: 'leads', label: 'Leads', value: n('leads') },
      { name: 'qualified_leads', label: 'Qualified Leads', value: n('qualified_leads') },
      { name: 'appointments', label: 'Appointments', value: n('appointments') },
      { name: 'sales', label: 'Sales', value: n('sales') },
      { name: 'revenue', label: 'Revenue', value: round2(n('revenue_cents') / 100) },
      {
        name: 'cost_of_marketing',
        label: 'Cost of Marketing',
        value: round2(n('cost_of_marketing_cents') / 100),
      },
    ];
  };
  const withFacts = scope.accounts.filter((a) => rows.some((r) => Number(r.account_id) === a.id));
  const { totalPages, offset } = pageOf(withFacts.length, input.page, input.per_page);
  const total: Record<string, number> = {};
  for (const r of rows) for (const [k, v] of Object.entries(r)) total[k] = (total[k] ?? 0) + Number(v);
  return {
    accounts: withFacts.slice(offset, offset + input.per_page).map((a) => ({
      key: a.ref_id,
      data: cells(
        a.name,
        rows.find((r) => Number(r.account_id) === a.id),
      ),
    })),
    totals: cells('Total', total),
    total_pages: totalPages,
    current_page: input.page,
    total_records: withFacts.length,
  };
}
