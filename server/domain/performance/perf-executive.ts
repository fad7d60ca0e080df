/**
 * The cross-platform summary (spec part 3 §2.5 Summary, §4 summary cards): four executive cards,
 * the leads / cost / CPL graphs by source and the Platforms Breakdown table (10 a page).
 *
 * - A source is the platform of the lead's account: franchise (Agency), live (Pay Per Call),
 *   direct or fsr (Performance Paid Media), bpr (Directories). Figures come from the leads (count,
 *   calls, forms, cost), so they agree with the leads page for the same locations.
 * - A card is unlocked when the customer has an account on its platform (§4); a locked card's
 *   figures are zero (the screen blurs it and offers Get Started).
 * - CPL = cost / leads.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  EXECUTIVE_PLATFORMS,
  type ExecutiveCard,
  type ExecutivePlatform,
  type ExecutiveSummary,
  type ExecutiveTableQuery,
  type RangeQuery,
  type SeriesGraph,
  type TableResponse,
} from '../../../src/api/contracts/performance';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { leadsWhere } from '../leads/leads-filters';
import type { ReportCaller } from '../leads/leads-report';
import { buckets, intervalOf, type PerfScope, pageOf, perfScope, ratio, round2 } from './perf-scope';

export const sourceOf = (platform: string): ExecutivePlatform | null =>
  platform === 'franchise' || platform === 'live'
    ? platform
    : platform === 'direct' || platform === 'fsr'
      ? 'direct'
      : platform === 'bpr'
        ? 'directories'
        : null;

const SOURCE_SQL = sql`case when ${accounts.platform} in ('direct', 'fsr') then 'direct'
  when ${accounts.platform} = 'bpr' then 'directories' else ${accounts.platform} end`;

const whereOf = (scope: PerfScope) =>
  leadsWhere(
    { organizationId: scope.organizationId, timeZone: scope.timeZone },
    { start_date: scope.start, end_date: scope.end, location_ids: scope.locationIds },
  );

const figures = {
  leads: sql<number>`count(*)`.mapWith(Number),
  calls: sql<number>`count(*) filter (where ${leads.lead_type} = 'Call')`.mapWith(Number),
  cents: sql<number>`coalesce(sum(${leads.cost_cents}), 0)`.mapWith(Number),
};

export async function executiveSummary(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<ExecutiveSummary> {
  const scope = await perfScope(db, caller, input);
  const rows = await db
    .select({ source: sql<string>`${SOURCE_SQL}`, ...figures })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .where(whereOf(scope))
    .groupBy(SOURCE_SQL);
  const owned = new Set(scope.all.map((a) => sourceOf(a.platform)));
  const card = (source: ExecutivePlatform): ExecutiveCard => {
    const locked = !owned.has(source);
    const r = locked ? undefined : rows.find((x) => x.source === source);
    const total = r?.leads ?? 0;
    const cost = (r?.cents ?? 0) / 100;
    return {
      locked,
      total_cost: { value: round2(cost), label: 'Total Cost' },
      total_leads: { value: total, label: 'Total Leads' },
      call_leads: { value: r?.calls ?? 0, label: 'Call Leads' },
      form_leads: { value: total - (r?.calls ?? 0), label: 'Form Leads' },
      cpl: { value: round2(ratio(cost, total)), label: 'CPL' },
    };
  };
  return {
    franchise: card('franchise'),
    live: card('live'),
    direct: card('direct'),
    directories: card('directories'),
  };
}

export type ExecutiveMeasure = 'leads' | 'cost' | 'cpl';

/** One of the three stacked-bar graphs: per source, per day (or month) of the range. */
export async function executiveGraph(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
  measure: ExecutiveMeasure,
): Promise<SeriesGraph> {
  const scope = await perfScope(db, caller, input);
  const unit = intervalOf(scope) === 'day' ? 'day' : 'month';
  const local = sql`(${leads.created_at} at time zone ${scope.timeZone})`;
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${local}), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ source: sql<string>`${SOURCE_SQL}`, bucket, ...figures })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .where(and(whereOf(scope)))
    .groupBy(sql`1`, sql`2`);
  const value = (leadsN: number, cents: number) =>
    measure === 'leads'
      ? leadsN
      : measure === 'cost'
        ? round2(cents / 100)
        : round2(ratio(cents / 100, leadsN));
  const series: SeriesGraph['series'] = {};
  const totals: SeriesGraph['totals'] = {};
  for (const source of EXECUTIVE_PLATFORMS) {
    const mine = rows.filter((r) => r.source === source);
    series[source] = buckets(scope).map((date) => {
      const r = mine.find((x) => x.bucket === date);
      return { date, value: value(r?.leads ?? 0, r?.cents ?? 0) };
    });
    totals[source] = value(
      mine.reduce((n, r) => n + r.leads, 0),
      mine.reduce((n, r) => n + r.cents, 0),
    );
  }
  return { interval: intervalOf(scope), series, totals };
}

/** Platforms Breakdown: the locations of the chosen platform with their leads and cost. */
export async function executiveBreakdown(
  db: Db,
  caller: ReportCaller,
  input: ExecutiveTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const mine = scope.accounts.filter((a) => sourceOf(a.platform) === input.platform);
  const rows = await db
    .select({ account_id: accounts.id, ...figures })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .where(and(whereOf(scope), sql`${SOURCE_SQL} = ${input.platform}`))
    .groupBy(accounts.id);
  const cells = (name: string, r: { leads: number; calls: number; cents: number } | undefined) => {
    const total = r?.leads ?? 0;
    const cost = (r?.cents ?? 0) / 100;
    return [
      { name: 'name', label: 'Location', value: name },
      { name: 'total_leads', label: 'Total Leads', value: total },
      { name: 'call_leads', label: 'Call Leads', value: r?.calls ?? 0 },
      { name: 'form_leads', label: 'Form Leads', value: total - (r?.calls ?? 0) },
      { name: 'total_cost', label: 'Total Cost', value: round2(cost) },
      { name: 'cpl', label: 'CPL', value: round2(ratio(cost, total)) },
    ];
  };
  const { totalPages, offset } = pageOf(mine.length, input.page, input.per_page);
  const sum = {
    leads: rows.reduce((n, r) => n + r.leads, 0),
    calls: rows.reduce((n, r) => n + r.calls, 0),
    cents: rows.reduce((n, r) => n + r.cents, 0),
  };
  return {
    accounts: mine.slice(offset, offset + input.per_page).map((a) => ({
      key: a.ref_id,
      data: cells(
        a.name,
        rows.find((r) => r.account_id === a.id),
      ),
    })),
    totals: cells('Total', sum),
    total_pages: totalPages,
    current_page: input.page,
    total_records: mine.length,
  };
}
