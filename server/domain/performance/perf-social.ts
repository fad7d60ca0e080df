/**
 * Social reports over social_facts_daily and social_ads (spec part 3 §2.4, §2.5 Social): the
 * Social Ad Summary, its weekday reach/impressions graph, the Social Location Breakdown and the
 * Social Ads Breakdown (ad thumbnail and text), both narrowed by their Filter dropdown's platform.
 *
 * - Reach is a day's reach and does not add up over days; a range's reach is each ad's best day,
 *   summed over ads (a floor of the unique reach), frequency = impressions / reach.
 * - While the range includes today, today's reach is still being compiled: the summary answers
 *   reach 'miss' (with the cell's id and level) and the route publishes the figure as a live
 *   reach_update once compiled (routes/performance-social.ts).
 * - cost_lead (labelled CPC Link Clicks on screen, as the spec says) = spend / leads.
 */
import { type SQL, sql } from 'drizzle-orm';
import type {
  RangeQuery,
  SocialSummary,
  SocialTableQuery,
  TableResponse,
  WeekdayGraph,
} from '../../../src/api/contracts/performance';
import { todayIn } from '../../../src/lib/date-range';
import { type Db, rowsOf } from '../../db/client';
import { now } from '../../lib/clock';
import type { ReportCaller } from '../leads/leads-report';
import {
  accountIn,
  type PerfScope,
  pageOf,
  perfScope,
  periodTotals,
  ratio,
  round2,
  stat,
} from './perf-scope';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Reach of a period: per ad its best day, summed. */
async function reachOf(db: Db, scope: PerfScope, from: string, to: string): Promise<number> {
  const [row] = await rowsOf<{ reach: number }>(
    db,
    sql`select coalesce(sum(best), 0)::float8 as reach from (
          select max(reach) as best from social_facts_daily
          where ${accountIn(scope)} and date between ${from}::date and ${to}::date group by ad_id) per_ad`,
  );
  return Number(row?.reach ?? 0);
}

export async function socialReach(db: Db, scope: PerfScope) {
  const [current, previous] = await Promise.all([
    reachOf(db, scope, scope.start, scope.end),
    reachOf(db, scope, scope.previousStart, scope.previousEnd),
  ]);
  return stat('Reach', current, previous);
}

export type SocialAnswer = { summary: SocialSummary; scope: PerfScope; pending: boolean };

export async function socialSummary(db: Db, caller: ReportCaller, input: RangeQuery): Promise<SocialAnswer> {
  const scope = await perfScope(db, caller, input);
  const [{ current: c, previous: p }, reach] = await Promise.all([
    periodTotals(db, scope, 'social_facts_daily', ['impressions', 'link_clicks', 'spend_cents', 'leads']),
    socialReach(db, scope),
  ]);
  const pending = scope.end >= todayIn(scope.timeZone, now());
  return {
    scope,
    pending,
    summary: {
      impressions: stat('Impressions', c.impressions, p.impressions),
      reach: pending ? { title: 'Reach', value: 'miss', id: scope.organizationId, level: 'account' } : reach,
      frequency: stat(
        'Frequency',
        ratio(c.impressions, reach.value),
        ratio(p.impressions, reach.previous_value),
      ),
      spend: stat('Spend', c.spend_cents / 100, p.spend_cents / 100),
      link_clicks: stat('Link Clicks', c.link_clicks, p.link_clicks),
      cost_lead: stat(
        'CPC Link Clicks',
        ratio(c.spend_cents / 100, c.leads),
        ratio(p.spend_cents / 100, p.leads),
      ),
    },
  };
}

export async function socialGraph(db: Db, caller: ReportCaller, input: RangeQuery): Promise<WeekdayGraph> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<{ dow: number; reach: number; impressions: number }>(
    db,
    sql`select extract(isodow from date)::int as dow, sum(reach)::float8 as reach,
          sum(impressions)::float8 as impressions
        from social_facts_daily
        where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date
        group by 1`,
  );
  return {
    graph: WEEKDAYS.map((day, i) => {
      const row = rows.find((r) => Number(r.dow) === i + 1);
      return { day, values: { reach: Number(row?.reach ?? 0), impressions: Number(row?.impressions ?? 0) } };
    }),
  };
}

type Figures = { reach: number; impressions: number; link_clicks: number; cents: number; leads: number };

const figureCells = (f: Figures) => [
  { name: 'reach', label: 'Reach', value: f.reach },
  { name: 'impressions', label: 'Impressions', value: f.impressions },
  { name: 'link clicks', label: 'Link Clicks', value: f.link_clicks },
  { name: 'cost', label: 'Cost', value: round2(f.cents / 100) },
  { name: 'leads', label: 'Leads', value: f.leads },
  { name: 'cost / lead', label: 'Cost / Lead', value: round2(ratio(f.cents / 100, f.leads)) },
];

const sumFigures = (rows: Figures[]): Figures => {
  const t: Figures = { reach: 0, impressions: 0, link_clicks: 0, cents: 0, leads: 0 };
  for (const r of rows) for (const k of Object.keys(t) as (keyof Figures)[]) t[k] += Number(r[k]);
  return t;
};

/** Per ad for the range: best-day reach, sums of the rest. */
const perAd = (scope: PerfScope, extra: SQL = sql`true`) =>
  sql`select ad_id, account_id, max(reach)::float8 as reach, sum(impressions)::float8 as impressions,
        sum(link_clicks)::float8 as link_clicks, sum(spend_cents)::float8 as cents, sum(leads)::float8 as leads
      from social_facts_daily
      where ${accountIn(scope)} and date between ${scope.start}::date and ${scope.end}::date and ${extra}
      group by ad_id, account_id`;

const num = (r: Record<string, unknown>): Figures => ({
  reach: Number(r.reach ?? 0),
  impressions: Number(r.impressions ?? 0),
  link_clicks: Number(r.link_clicks ?? 0),
  cents: Number(r.cents ?? 0),
  leads: Number(r.leads ?? 0),
});

/** The Filter dropdown's platform: every social provider, or one. */
const onPlatform = (provider: SocialTableQuery['provider'] | undefined) =>
  !provider || provider === 'all' ? sql`true` : sql`provider = ${provider}`;

export async function socialLocations(
  db: Db,
  caller: ReportCaller,
  input: SocialTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = (await rowsOf<Record<string, unknown>>(db, perAd(scope, onPlatform(input.provider)))).map(
    (r) => ({
      account: Number(r.account_id),
      f: num(r),
    }),
  );
  const all = scope.accounts.map((a) => ({
    a,
    f: sumFigures(rows.filter((r) => r.account === a.id).map((r) => r.f)),
  }));
  const { totalPages, offset } = pageOf(all.length, input.page, input.per_page);
  return {
    accounts: all.slice(offset, offset + input.per_page).map(({ a, f }) => ({
      key: a.ref_id,
      data: [{ name: 'name', label: 'Location', value: a.name }, ...figureCells(f)],
    })),
    totals: [
      { name: 'name', label: 'Location', value: 'Total' },
      ...figureCells(sumFigures(all.map((x) => x.f))),
    ],
    total_pages: totalPages,
    current_page: input.page,
    total_records: all.length,
  };
}

export async function socialAdsBreakdown(
  db: Db,
  caller: ReportCaller,
  input: SocialTableQuery,
): Promise<TableResponse> {
  const scope = await perfScope(db, caller, input);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select f.*, s.ad_name, s.ad_thumbnail, s.ad_text from (${perAd(scope, onPlatform(input.provider))}) f
        join social_ads s on s.id = f.ad_id
        order by f.cents desc, s.ad_name, s.id`,
  );
  const { totalPages, offset } = pageOf(rows.length, input.page, input.per_page);
  return {
    accounts: rows.slice(offset, offset + input.per_page).map((r) => ({
      key: String(r.ad_id),
      data: [
        { name: 'ad_name', label: 'Ad Name', value: String(r.ad_name) },
        { name: 'ad_thumbnail', label: 'Ad', value: (r.ad_thumbnail as string | null) ?? null },
        { name: 'ad_text', label: 'Ad Text', value: (r.ad_text as string | null) ?? null },
        ...figureCells(num(r)),
      ],
    })),
    totals: [
      { name: 'ad_name', label: 'Ad Name', value: 'Total' },
      { name: 'ad_thumbnail', label: 'Ad', value: null },
      { name: 'ad_text', label: 'Ad Text', value: null },
      ...figureCells(sumFigures(rows.map(num))),
    ],
    total_pages: totalPages,
    current_page: input.page,
    total_records: rows.length,
  };
}
