/**
 * Account Performance Lookback (spec part 3 §2.4, §7 /performance/account/ppc_leads, ppc_lead_rate,
 * ppc_lead_cost): PPC leads, lead rate (leads / clicks, percent) and lead cost (cost / leads) per
 * day or month of the range, with the range's totals, from ad_facts_daily (google, bing, linkedin).
 */
import { sql } from 'drizzle-orm';
import type { RangeQuery, SeriesGraph } from '../../../src/api/contracts/performance';
import { type Db, rowsOf } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';
import {
  accountIn,
  adFactsByMonth,
  bucketSql,
  buckets,
  intervalOf,
  perfScope,
  ratio,
  round2,
} from './perf-scope';

export type LookbackKind = 'leads' | 'lead_rate' | 'lead_cost';

export async function lookbackGraph(
  db: Db,
  caller: ReportCaller,
  input: RangeQuery,
  kind: LookbackKind,
): Promise<SeriesGraph> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<{ bucket: string; leads: number; clicks: number; cents: number }>(
    db,
    sql`select ${bucketSql(scope)} as bucket, sum(leads)::float8 as leads, sum(clicks)::float8 as clicks,
          sum(cost_cents)::float8 as cents
        from ${adFactsByMonth(scope, intervalOf(scope) === 'month')}
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
          and provider in ('google', 'bing', 'linkedin')
        group by 1`,
  );
  const value = (leads: number, clicks: number, cents: number) =>
    kind === 'leads'
      ? leads
      : kind === 'lead_rate'
        ? round2(ratio(leads * 100, clicks))
        : round2(ratio(cents / 100, leads));
  const sum = (k: 'leads' | 'clicks' | 'cents') => rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    interval: intervalOf(scope),
    series: {
      [kind]: buckets(scope).map((date) => {
        const r = rows.find((x) => x.bucket === date);
        return { date, value: value(Number(r?.leads ?? 0), Number(r?.clicks ?? 0), Number(r?.cents ?? 0)) };
      }),
    },
    totals: { [kind]: value(sum('leads'), sum('clicks'), sum('cents')) },
  };
}
