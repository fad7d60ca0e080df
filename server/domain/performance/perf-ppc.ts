/**
 * The PPC Campaigns Summary's graphs and its location overview (spec part 3 §2.4, §7
 * /performance/ppc/clicks_impressions, click_through_rate, leads, cpl_cpc and
 * /performance/locations/overview), over ad_facts_daily's per-provider rollup for the provider tab
 * (all = google, bing, linkedin; LSA is not PPC).
 *
 * - Graphs: one point per day (ranges up to 62 days) or per month, and the range's totals with the
 *   previous period of the same length. CTR = clicks / impressions (percent), CPC = cost / clicks,
 *   CPL = cost / leads (dollars), ratios of the bucket's sums, never averages of ratios.
 * - Locations overview: one row per location in scope (20 a page), PPC figures, with the totals.
 */
import { sql } from 'drizzle-orm';
import type {
  PpcClicksImpressions,
  PpcClickThroughRate,
  PpcCplCpc,
  PpcLeads,
  PpcQuery,
  Series,
  TableQuery,
  TableResponse,
} from '../../../src/api/contracts/performance';
import { type Db, rowsOf } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';
import {
  accountIn,
  adFactsByMonth,
  bucketSql,
  buckets,
  intervalOf,
  pageOf,
  perfScope,
  ppcProviders,
  ratio,
  round2,
  stat,
  type Totals,
} from './perf-scope';

const MEASURES = ['clicks', 'impressions', 'leads', 'calls', 'forms', 'cost_cents'];

const ctr = (t: Totals) => ratio(t.clicks * 100, t.impressions);
const cpc = (t: Totals) => ratio(t.cost_cents / 100, t.clicks);
const cpl = (t: Totals) => ratio(t.cost_cents / 100, t.leads);

/** A row's measures as numbers (zeros without a row). */
function totalsOf(r: Record<string, number | string> | undefined): Totals {
  const t: Totals = {};
  for (const m of MEASURES) t[m] = Number(r?.[m] ?? 0);
  return t;
}

/**
 * Per-bucket sums and period totals of the PPC facts for the tab, in one scan over the previous
 * period and the range: the previous period's rows fall in one bucket of their own.
 */
async function ppcFacts(db: Db, caller: ReportCaller, input: PpcQuery) {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, number | string>>(
    db,
    sql`select case when date >= ${scope.start}::date then ${bucketSql(scope)} else 'previous' end as bucket,
          sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions,
          sum(leads)::float8 as leads, sum(calls)::float8 as calls, sum(forms)::float8 as forms,
          sum(cost_cents)::float8 as cost_cents
        from ${adFactsByMonth(scope, intervalOf(scope) === 'month')}
        where ${accountIn(scope)} and date between ${scope.previousStart}::date and ${scope.end}::date
          and ${ppcProviders(input.provider)}
        group by 1`,
  );
  const byBucket = new Map(rows.map((r) => [String(r.bucket), r]));
  const points = buckets(scope).map((date) => ({ date, t: totalsOf(byBucket.get(date)) }));
  const current = totalsOf(undefined);
  for (const { t } of points) for (const m of MEASURES) current[m] += t[m];
  const series = (f: (t: Totals) => number): Series =>
    points.map(({ date, t }) => ({ date, value: round2(f(t)) }));
  return { interval: intervalOf(scope), series, current, previous: totalsOf(byBucket.get('previous')) };
}

export async function ppcClicksImpressions(
  db: Db,
  caller: ReportCaller,
  input: PpcQuery,
): Promise<PpcClicksImpressions> {
  const { interval, series, current: c, previous: p } = await ppcFacts(db, caller, input);
  return {
    interval,
    total_clicks: stat('Clicks', c.clicks, p.clicks),
    total_impressions: stat('Impressions', c.impressions, p.impressions),
    clicks: series((t) => t.clicks),
    impressions: series((t) => t.impressions),
  };
}

export async function ppcClickThroughRate(
  db: Db,
  caller: ReportCaller,
  input: PpcQuery,
): Promise<PpcClickThroughRate> {
  const { interval, series, current: c, previous: p } = await ppcFacts(db, caller, input);
  return { interval, total_ctr: stat('CTR', ctr(c), ctr(p)), ctr: series(ctr) };
}

export async function ppcLeads(db: Db, caller: ReportCaller, input: PpcQuery): Promise<PpcLeads> {
  const { interval, series, current: c, previous: p } = await ppcFacts(db, caller, input);
  return { interval, total_leads: stat('Leads', c.leads, p.leads), leads: series((t) => t.leads) };
}

export async function ppcCplCpc(db: Db, caller: ReportCaller, input: PpcQuery): Promise<PpcCplCpc> {
  const { interval, series, current: c, previous: p } = await ppcFacts(db, caller, input);
  return {
    interval,
    total_cpl: stat('CPL', cpl(c), cpl(p)),
    total_cpc: stat('CPC', cpc(c), cpc(p)),
    cpl: series(cpl),
    cpc: series(cpc),
  };
}

/** PPC per location in scope, in the locations' name order, 20 a page, with the totals. */
export async function locationsOverview(
  db: Db,
  caller: ReportCaller,
  input: TableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`select account_id, sum(leads)::float8 as leads, sum(calls)::float8 as calls,
          sum(forms)::float8 as forms, sum(clicks)::float8 as clicks,
          sum(impressions)::float8 as impressions, sum(cost_cents)::float8 as cost_cents
        from ${adFactsByMonth(scope)}
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
          and ${ppcProviders('all')}
        group by account_id`,
  );
  const byId = new Map(rows.map((r) => [Number(r.account_id), totalsOf(r)]));
  const cells = (name: string, t: Totals) => [
    { name: 'name', label: 'Location', value: name },
    { name: 'leads', label: 'Leads', value: t.leads },
    { name: 'calls', label: 'Calls', value: t.calls },
    { name: 'forms', label: 'Forms', value: t.forms },
    { name: 'clicks', label: 'Clicks', value: t.clicks },
    { name: 'impressions', label: 'Impressions', value: t.impressions },
    { name: 'ctr', label: 'CTR', value: round2(ctr(t)) },
    { name: 'cost', label: 'Cost', value: round2(t.cost_cents / 100) },
    { name: 'cpc', label: 'CPC', value: round2(cpc(t)) },
    { name: 'cpl', label: 'CPL', value: round2(cpl(t)) },
  ];
  const sum: Totals = totalsOf(undefined);
  for (const t of byId.values()) for (const m of MEASURES) sum[m] += t[m];
  const { totalPages, offset } = pageOf(scope.accounts.length, input.page, input.per_page);
  return {
    accounts: scope.accounts
      .slice(offset, offset + input.per_page)
      .map((a) => ({ key: a.ref_id, data: cells(a.name, byId.get(a.id) ?? totalsOf(undefined)) })),
    totals: cells('Total', sum),
    total_pages: totalPages,
    current_page: input.page,
    total_records: scope.accounts.length,
  };
}
