/**
 * Programmatic reports over programmatic_facts_daily (spec part 3 §2.5 Programmatic): the five
 * stats, the clicks/impressions and CPM graphs and the Programmatic Breakdown per location, for
 * the provider tab (all, display, simplifi).
 *
 * CPC = spend / clicks, CPM = spend / impressions x 1000 (dollars).
 */
import { type SQL, sql } from 'drizzle-orm';
import type {
  ProgrammaticOverview,
  ProgrammaticQuery,
  ProgrammaticTableQuery,
  SeriesGraph,
  TableResponse,
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
} from './perf-scope';

const providerIs = (provider: string): SQL => (provider === 'all' ? sql`true` : sql`provider = ${provider}`);
const cpm = (cents: number, impressions: number) => ratio((cents / 100) * 1000, impressions);

export async function programmaticOverview(
  db: Db,
  caller: ReportCaller,
  input: ProgrammaticQuery,
): Promise<ProgrammaticOverview> {
  const scope = await perfScope(db, caller, input);
  const { current: c, previous: p } = await periodTotals(
    db,
    scope,
    'programmatic_facts_daily',
    ['spend_cents', 'impressions', 'clicks'],
    providerIs(input.provider),
  );
  return {
    spend: stat('Spend', c.spend_cents / 100, p.spend_cents / 100),
    impressions: stat('Impressions', c.impressions, p.impressions),
    clicks: stat('Clicks', c.clicks, p.clicks),
    cpc: stat('CPC', ratio(c.spend_cents / 100, c.clicks), ratio(p.spend_cents / 100, p.clicks)),
    cpm: stat('CPM', cpm(c.spend_cents, c.impressions), cpm(p.spend_cents, p.impressions)),
  };
}

/** 'clicks' draws clicks and impressions; 'cpm' draws CPM. */
export async function programmaticGraph(
  db: Db,
  caller: ReportCaller,
  input: ProgrammaticQuery,
  kind: 'clicks' | 'cpm',
): Promise<SeriesGraph> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<{ bucket: string; clicks: number; impressions: number; cents: number }>(
    db,
    sql`select ${bucketSql(scope)} as bucket, sum(clicks)::float8 as clicks,
          sum(impressions)::float8 as impressions, sum(spend_cents)::float8 as cents
        from programmatic_facts_daily
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
          and ${providerIs(input.provider)}
        group by 1`,
  );
  const at = (date: string) => rows.find((r) => r.bucket === date);
  const dates = buckets(scope);
  const sum = (k: 'clicks' | 'impressions' | 'cents') => rows.reduce((n, r) => n + Number(r[k]), 0);
  if (kind === 'clicks') {
    return {
      interval: intervalOf(scope),
      series: {
        clicks: dates.map((date) => ({ date, value: Number(at(date)?.clicks ?? 0) })),
        impressions: dates.map((date) => ({ date, value: Number(at(date)?.impressions ?? 0) })),
      },
      totals: { clicks: sum('clicks'), impressions: sum('impressions') },
    };
  }
  return {
    interval: intervalOf(scope),
    series: {
      cpm: dates.map((date) => {
        const r = at(date);
        return { date, value: round2(cpm(Number(r?.cents ?? 0), Number(r?.impressions ?? 0))) };
      }),
    },
    totals: { cpm: round2(cpm(sum('cents'), sum('impressions'))) },
  };
}

export async function programmaticBreakdown(
  db: Db,
  caller: ReportCaller,
  input: ProgrammaticTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<{ account_id: number; clicks: number; impressions: number; cents: number }>(
    db,
    sql`select account_id, sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions,
          sum(spend_cents)::float8 as cents
        from programmatic_facts_daily
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
          and ${providerIs(input.provider)}
        group by account_id`,
  );
  const cells = (name: string, r?: { clicks: number; impressions: number; cents: number }) => {
    const clicks = Number(r?.clicks ?? 0);
    const impressions = Number(r?.impressions ?? 0);
    const cents = Number(r?.cents ?? 0);
    return [
      { name: 'name', label: 'Location', value: name },
      { name: 'spend', label: 'Spend', value: round2(cents / 100) },
      { name: 'impressions', label: 'Impressions', value: impressions },
      { name: 'clicks', label: 'Clicks', value: clicks },
      { name: 'ctr', label: 'CTR', value: round2(ratio(clicks * 100, impressions)) },
      { name: 'cpc', label: 'CPC', value: round2(ratio(cents / 100, clicks)) },
      { name: 'cpm', label: 'CPM', value: round2(cpm(cents, impressions)) },
    ];
  };
  const withFacts = scope.accounts.filter((a) => rows.some((r) => Number(r.account_id) === a.id));
  const { totalPages, offset } = pageOf(withFacts.length, input.page, input.per_page);
  const total = {
    clicks: rows.reduce((n, r) => n + Number(r.clicks), 0),
    impressions: rows.reduce((n, r) => n + Number(r.impressions), 0),
    cents: rows.reduce((n, r) => n + Number(r.cents), 0),
  };
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
