/**
 * Paid search reports over ad_facts_daily (the device figures) and its per-provider rollup (spec
 * part 3 §2.4, §2.5 Search and Device Breakdown):
 * the PPC summary per provider tab, the Paid Search (PPC+LSA) executive summary and its weekday
 * graph, the device pies and table, and the Search Location Breakdown.
 *
 * PPC is google, bing and linkedin; LSA is lsa. CTR = clicks / impressions (percent), CPC = cost /
 * clicks, CPL = cost / leads (dollars). Weekdays are the facts' own days, Monday first.
 */
import { sql } from 'drizzle-orm';
import {
  DEVICE_LABELS,
  type DeviceGraph,
  type DeviceQuery,
  type PaidSearchSummary,
  type PpcQuery,
  type PpcSummary,
  type PpcTableQuery,
  type RangeQuery,
  type TableQuery,
  type TableResponse,
  type WeekdayGraph,
} from '../../../src/api/contracts/performance';
import { type Db, rowsOf } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';
import {
  AD_FACTS_BY_PROVIDER,
  accountIn,
  adFactsByMonth,
  deviceFactsByMonth,
  pageOf,
  perfScope,
  periodTotals,
  ppcProviders,
  ratio,
  round2,
  stat,
} from './perf-scope';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export async function ppcSummary(db: Db, caller: ReportCaller, input: PpcQuery): Promise<PpcSummary> {
  const scope = await perfScope(db, caller, input);
  const { current: c, previous: p } = await periodTotals(
    db,
    scope,
    adFactsByMonth(scope),
    ['calls', 'forms', 'leads', 'clicks', 'impressions', 'cost_cents'],
    ppcProviders(input.provider),
  );
  const cpc = (t: typeof c) => ratio(t.cost_cents / 100, t.clicks);
  const cpl = (t: typeof c) => ratio(t.cost_cents / 100, t.leads);
  const ctr = (t: typeof c) => ratio(t.clicks * 100, t.impressions);
  return {
    total_calls: stat('Calls', c.calls, p.calls),
    total_clicks: stat('Clicks', c.clicks, p.clicks),
    total_cpc: stat('CPC', cpc(c), cpc(p)),
    total_cpl: stat('CPL', cpl(c), cpl(p)),
    total_ctr: stat('CTR', ctr(c), ctr(p)),
    total_forms: stat('Forms', c.forms, p.forms),
    total_impressions: stat('Impressions', c.impressions, p.impressions),
    total_leads: stat('Leads', c.leads, p.leads),
  };
}

const PPC_SQL = "provider in ('google', 'bing', 'linkedin')";

export async function paidSearchSummary(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<PaidSearchSummary> {
  const scope = await perfScope(db, caller, input);
  const { current: c, previous: p } = await periodTotals(db, scope, adFactsByMonth(scope), [
    `case when ${PPC_SQL} then leads else 0 end`,
    "case when provider = 'lsa' then leads else 0 end",
    `case when ${PPC_SQL} then cost_cents else 0 end`,
    "case when provider = 'lsa' then cost_cents else 0 end",
  ]);
  const [ppcLeads, lsaLeads, ppcCents, lsaCents] = Object.keys(c);
  const d = (cents: number) => cents / 100;
  return {
    total_leads: stat('Total Leads', c[ppcLeads] + c[lsaLeads], p[ppcLeads] + p[lsaLeads]),
    ppc_leads: stat('PPC Leads', c[ppcLeads], p[ppcLeads]),
    lsa_leads: stat('LSA Leads', c[lsaLeads], p[lsaLeads]),
    total_cost: stat('Total Cost', d(c[ppcCents] + c[lsaCents]), d(p[ppcCents] + p[lsaCents])),
    ppc_cost: stat('PPC Cost', d(c[ppcCents]), d(p[ppcCents])),
    lsa_cost: stat('LSA Cost', d(c[lsaCents]), d(p[lsaCents])),
    total_cost_per_lead: stat(
      'Cost Per Lead',
      ratio(d(c[ppcCents] + c[lsaCents]), c[ppcLeads] + c[lsaLeads]),
      ratio(d(p[ppcCents] + p[lsaCents]), p[ppcLeads] + p[lsaLeads]),
    ),
    ppc_per_lead: stat(
      'PPC Per Lead',
      ratio(d(c[ppcCents]), c[ppcLeads]),
      ratio(d(p[ppcCents]), p[ppcLeads]),
    ),
    lsa_per_lead: stat(
      'LSA Per Lead',
      ratio(d(c[lsaCents]), c[lsaLeads]),
      ratio(d(p[lsaCents]), p[lsaLeads]),
    ),
  };
}

/** Leads per weekday of the range, ppc and lsa. */
export async function paidSearchGraph(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
): Promise<WeekdayGraph> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<{ dow: number; ppc: number; lsa: number }>(
    db,
    sql`select extract(isodow from date)::int as dow,
          coalesce(sum(leads) filter (where ${sql.raw(PPC_SQL)}), 0)::int as ppc,
          coalesce(sum(leads) filter (where provider = 'lsa'), 0)::int as lsa
        from ${sql.raw(AD_FACTS_BY_PROVIDER)}
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
        group by 1`,
  );
  return {
    graph: WEEKDAYS.map((day, i) => {
      const row = rows.find((r) => Number(r.dow) === i + 1);
      return { day, values: { ppc: Number(row?.ppc ?? 0), lsa: Number(row?.lsa ?? 0) } };
    }),
  };
}

const DEVICES = ['desktop', 'mobile', 'tablet', 'other'] as const;
const deviceProviders = (provider: string) => (provider === 'lsa' ? "provider = 'lsa'" : PPC_SQL);

async function deviceRows(db: Db, caller: ReportCaller, input: DeviceQuery) {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`select device, sum(leads)::int as leads, sum(clicks)::int as clicks,
          sum(impressions)::float8 as impressions, sum(cost_cents)::float8 as cents
        from ${deviceFactsByMonth(scope)}
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
          and ${sql.raw(deviceProviders(input.provider))}
        group by device`,
  );
  return DEVICES.map((device, i) => {
    const row = rows.find((r) => r.device === device);
    return {
      device,
      label: DEVICE_LABELS[i],
      leads: Number(row?.leads ?? 0),
      clicks: Number(row?.clicks ?? 0),
      impressions: Number(row?.impressions ?? 0),
      cost: Number(row?.cents ?? 0) / 100,
    };
  });
}

export async function deviceGraph(db: Db, caller: ReportCaller, input: DeviceQuery): Promise<DeviceGraph> {
  const rows = await deviceRows(db, caller, input);
  return [
    { name: 'Leads', data: rows.map((r) => ({ name: r.label, value: r.leads })) },
    { name: 'Clicks', data: rows.map((r) => ({ name: r.label, value: r.clicks })) },
  ];
}

export async function deviceTable(db: Db, caller: ReportCaller, input: DeviceQuery): Promise<TableResponse> {
  const rows = await deviceRows(db, caller, input);
  const cells = (r: Omit<(typeof rows)[number], 'device' | 'label'>, name: string) => [
    { name: 'device type', label: 'Device Type', value: name },
    { name: 'leads', label: 'Leads', value: r.leads },
    { name: 'clicks', label: 'Clicks', value: r.clicks },
    { name: 'impressions', label: 'Impressions', value: r.impressions },
    { name: 'ctr', label: 'CTR', value: round2(ratio(r.clicks * 100, r.impressions)) },
    { name: 'cost', label: 'Cost', value: round2(r.cost) },
    { name: 'cpc', label: 'CPC', value: round2(ratio(r.cost, r.clicks)) },
  ];
  const sum = (k: 'leads' | 'clicks' | 'impressions' | 'cost') => rows.reduce((n, r) => n + r[k], 0);
  return {
    accounts: rows.map((r) => ({ key: r.device, data: cells(r, r.label) })),
    totals: cells(
      { leads: sum('leads'), clicks: sum('clicks'), impressions: sum('impressions'), cost: sum('cost') },
      'Total',
    ),
    total_pages: 1,
    current_page: 1,
    total_records: rows.length,
  };
}

/** Search Location Breakdown: one row per location with PPC and LSA figures (20 a page). */
export async function searchLocations(
  db: Db,
  caller: ReportCaller,
  input: TableQuery | PpcTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`select account_id,
          coalesce(sum(leads) filter (where ${sql.raw(PPC_SQL)}), 0)::int as ppc_leads,
          coalesce(sum(leads) filter (where provider = 'lsa'), 0)::int as lsa_leads,
          coalesce(sum(cost_cents) filter (where ${sql.raw(PPC_SQL)}), 0)::float8 as ppc_cents,
          coalesce(sum(cost_cents) filter (where provider = 'lsa'), 0)::float8 as lsa_cents,
          coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(impressions), 0)::float8 as impressions
        from ${adFactsByMonth(scope)}
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
        group by account_id`,
  );
  const byId = new Map(rows.map((r) => [Number(r.account_id), r]));
  const all = scope.accounts.map((a) => ({ a, r: byId.get(a.id) }));
  const { totalPages, offset } = pageOf(all.length, input.page, input.per_page);
  const cells = (name: string, r: Record<string, number> | undefined) => {
    const n = (k: string) => Number(r?.[k] ?? 0);
    const total = n('ppc_leads') + n('lsa_leads');
    const cost = (n('ppc_cents') + n('lsa_cents')) / 100;
    return [
      { name: 'name', label: 'Location', value: name },
      { name: 'ppc_leads', label: 'PPC Leads', value: n('ppc_leads') },
      { name: 'lsa_leads', label: 'LSA Leads', value: n('lsa_leads') },
      { name: 'total_leads', label: 'Total Leads', value: total },
      { name: 'ppc_cost', label: 'PPC Cost', value: round2(n('ppc_cents') / 100) },
      { name: 'lsa_cost', label: 'LSA Cost', value: round2(n('lsa_cents') / 100) },
      { name: 'total_cost', label: 'Total Cost', value: round2(cost) },
      { name: 'clicks', label: 'Clicks', value: n('clicks') },
      { name: 'impressions', label: 'Impressions', value: n('impressions') },
      { name: 'total_cpl', label: 'CPL', value: round2(ratio(cost, total)) },
    ];
  };
  const sum: Record<string, number> = {};
  for (const r of rows)
    for (const [k, v] of Object.entries(r)) if (k !== 'account_id') sum[k] = (sum[k] ?? 0) + Number(v);
  return {
    accounts: all
      .slice(offset, offset + input.per_page)
      .map(({ a, r }) => ({ key: a.ref_id, data: cells(a.name, r) })),
    totals: cells('Total', sum),
    total_pages: totalPages,
    current_page: input.page,
    total_records: all.length,
  };
}
