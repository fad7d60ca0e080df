/**
 * What every performance report starts from: the caller's locations in scope (their organization's
 * accounts, narrowed by the `account` ref ids), the date range in the customer's zone and the
 * previous period of the same length, and the helpers the report modules share (period totals
 * over a fact table, stats with their change, money).
 *
 * - Tenant scope: only accounts of the caller's organization; an unknown or foreign ref id simply
 *   matches nothing, so another customer's location reads as empty, never as theirs.
 * - Range: default the last 30 days up to today in the organization's zone; end before start or a
 *   range longer than MAX_DAYS answers 422.
 * - All figures are computed by PostgreSQL over the daily facts (or the leads) for the range.
 */
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { RangeQuery, Stat } from '../../../src/api/contracts/performance';
import { addDays, todayIn } from '../../../src/lib/date-range';
import { type Db, rowsOf } from '../../db/client';
import { organizations } from '../../db/schema/identity';
import { accounts } from '../../db/schema/shell';
import { now } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { DEFAULT_TIME_ZONE } from '../account/org-today';
import type { ReportCaller } from '../leads/leads-report';

/** About three years: longer ranges are refused rather than scanned. */
export const MAX_DAYS = 1100;
export const DEFAULT_DAYS = 30;

export type ScopeAccount = {
  id: number;
  ref_id: string;
  name: string;
  platform: string;
  brand: string | null;
};

export type PerfScope = {
  organizationId: number;
  timeZone: string;
  showRevconnect: boolean;
  /** Every location of the organization (the picker) and those in scope. */
  all: ScopeAccount[];
  accounts: ScopeAccount[];
  /** Ref ids as asked (undefined = all), for the leads' own scope helpers. */
  locationIds: string[] | undefined;
  start: string;
  end: string;
  days: number;
  previousStart: string;
  previousEnd: string;
};

const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

export async function perfScope(db: Db, caller: ReportCaller, input: RangeQuery): Promise<PerfScope> {
  const [org] = await db
    .select({ time_zone: organizations.time_zone, show_revconnect: organizations.show_revconnect })
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId));
  const timeZone = org?.time_zone || DEFAULT_TIME_ZONE;
  const end = input.end_date ?? todayIn(timeZone, now());
  const start = input.start_date ?? addDays(end, -(DEFAULT_DAYS - 1));
  if (end < start) throw unprocessable({ end_date: ['The end date must not be before the start date'] });
  const days = dayCount(start, end);
  if (days > MAX_DAYS)
    throw unprocessable({ start_date: [`The range must not be longer than ${MAX_DAYS} days`] });
  const all = await db
    .select({
      id: accounts.id,
      ref_id: accounts.ref_id,
      name: accounts.name,
      platform: accounts.platform,
      brand: accounts.brand,
    })
    .from(accounts)
    .where(eq(accounts.organization_id, caller.organizationId))
    .orderBy(asc(accounts.name), asc(accounts.id));
  const wanted = input.account
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const locationIds = wanted?.length ? wanted : undefined;
  const inScope = locationIds ? all.filter((a) => locationIds.includes(a.ref_id)) : all;
  return {
    organizationId: caller.organizationId,
    timeZone,
    showRevconnect: Boolean(org?.show_revconnect),
    all,
    accounts: inScope,
    // A list naming only foreign or unknown locations must match no lead either.
    locationIds: locationIds ? (inScope.length ? inScope.map((a) => a.ref_id) : ['-']) : undefined,
    start,
    end,
    days,
    previousStart: addDays(start, -days),
    previousEnd: addDays(start, -1),
  };
}

/** `account_id in (...)` for the scope's accounts (false when none). */
export function accountIn(scope: PerfScope, column = 'account_id'): SQL {
  if (!scope.accounts.length) return sql`false`;
  return sql`${sql.raw(column)} in (${sql.join(
    scope.accounts.map((a) => sql`${a.id}`),
    sql`, `,
  )})`;
}

export const change = (value: number, previous: number) =>
  previous === 0 ? 0 : Math.round(((value - previous) / previous) * 10_000) / 100;

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const ratio = (a: number, b: number) => (b ? a / b : 0);

export const stat = (title: string, value: number, previous: number): Stat => ({
  title,
  value: round2(value),
  previous_value: round2(previous),
  performance_change: change(round2(value), round2(previous)),
});

export type Totals = Record<string, number>;

/**
 * Sums of `measures` (column expressions of the code, never input) over a fact table for the
 * current and the previous period in one scan: { current, previous }.
 */
export async function periodTotals(
  db: Db,
  scope: PerfScope,
  table: string | SQL,
  measures: string[],
  extra?: SQL,
): Promise<{ current: Totals; previous: Totals }> {
  const parts = measures.flatMap((m, i) => [
    sql`coalesce(sum(${sql.raw(m)}) filter (where date >= ${scope.start}::date), 0)::float8 as ${sql.raw(`c${i}`)}`,
    sql`coalesce(sum(${sql.raw(m)}) filter (where date < ${scope.start}::date), 0)::float8 as ${sql.raw(`p${i}`)}`,
  ]);
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select ${sql.join(parts, sql`, `)} from ${typeof table === 'string' ? sql.raw(table) : table}
        where ${accountIn(scope)} and date between ${scope.previousStart}::date and ${scope.end}::date
        ${extra ? sql`and ${extra}` : sql``}`,
  );
  const current: Totals = {};
  const previous: Totals = {};
  measures.forEach((m, i) => {
    current[m] = Number(row?.[`c${i}`] ?? 0);
    previous[m] = Number(row?.[`p${i}`] ?? 0);
  });
  return { current, previous };
}

/** Day buckets up to 62 days, else month buckets (the date is the month's first day). */
export const intervalOf = (scope: PerfScope) => (scope.days <= 62 ? 'day' : 'month') as 'day' | 'month';

export const bucketSql = (scope: PerfScope) =>
  intervalOf(scope) === 'day'
    ? sql`to_char(date, 'YYYY-MM-DD')`
    : sql`to_char(date_trunc('month', date), 'YYYY-MM-DD')`;

/** Every bucket of the range in order, so a graph has a point for a day without facts. */
export function buckets(scope: PerfScope): string[] {
  const out: string[] = [];
  if (intervalOf(scope) === 'day') {
    for (let d = scope.start; d <= scope.end; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let month = `${scope.start.slice(0, 7)}-01`;
  while (month <= scope.end) {
    out.push(month);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return out;
}

/** Pages of a table: total pages, the clamped page and its offset. */
export function pageOf(total: number, page: number, perPage: number) {
  const totalPages = Math.ceil(total / perPage);
  return { totalPages, offset: (page - 1) * perPage };
}

/**
 * ad_facts_daily summed over campaigns and devices per account, day and provider (migration
 * 0005_perf_rollup, kept equal to the facts by triggers): about a fifth of the rows, for every
 * paid search figure that has no device or campaign dimension.
 */
export const AD_FACTS_BY_PROVIDER = 'ad_facts_provider_daily';

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The whole months inside [from, to]: their first and last day, or null when there is none. */
export function wholeMonths(from: string, to: string): { first: string; last: string } | null {
  const first = from === monthStart(from) ? from : nextMonth(from);
  const last = addDays(to, 1) === nextMonth(to) ? to : addDays(monthStart(to), -1);
  return first <= last ? { first, last } : null;
}

/**
 * The paid search rollup for the scope as one relation with the daily rollup's columns: the
 * monthly rollup (rows dated the month's first day) for every month lying wholly inside the
 * previous period or, with `rangeByMonth`, the range; the daily rollup for the other days. For
 * sums per period, location or month; never per day or weekday (hence `rangeByMonth` only when
 * the range is bucketed by month).
 */
export function adFactsByMonth(scope: PerfScope, rangeByMonth = true): SQL {
  const months = [
    wholeMonths(scope.previousStart, scope.previousEnd),
    rangeByMonth ? wholeMonths(scope.start, scope.end) : null,
  ].filter((m) => m !== null);
  if (!months.length) return sql.raw(AD_FACTS_BY_PROVIDER);
  const inMonths = sql.join(
    months.map((m) => sql`date between ${m.first}::date and ${m.last}::date`),
    sql` or `,
  );
  return sql`(select * from ad_facts_provider_monthly where ${inMonths}
    union all select * from ${sql.raw(AD_FACTS_BY_PROVIDER)} where not (${inMonths})) as facts`;
}

/**
 * The paid search facts per device for the range: ad_facts_device_monthly (same migration) for
 * the range's whole months, ad_facts_daily for the other days; columns account_id, date,
 * provider, device, impressions, clicks, cost_cents, leads.
 */
export function deviceFactsByMonth(scope: PerfScope): SQL {
  const columns = sql.raw('account_id, date, provider, device, impressions, clicks, cost_cents, leads');
  const months = wholeMonths(scope.start, scope.end);
  if (!months) return sql`(select ${columns} from ad_facts_daily) as facts`;
  const inMonths = sql`date between ${months.first}::date and ${months.last}::date`;
  return sql`(select ${columns} from ad_facts_device_monthly where ${inMonths}
    union all select ${columns} from ad_facts_daily where not (${inMonths})) as facts`;
}

export const PPC_PROVIDER_LIST = ['google', 'bing', 'linkedin'];

/** provider in (...) for a PPC tab: 'all' is every PPC provider (LSA is not PPC). */
export function ppcProviders(provider: string): SQL {
  const list = provider === 'all' ? PPC_PROVIDER_LIST : [provider];
  return sql`provider in (${sql.join(
    list.map((p) => sql`${p}`),
    sql`, `,
  )})`;
}
