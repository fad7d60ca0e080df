/**
 * The leads list (POST /leads): one page of rows and the statistics header, both computed by
 * PostgreSQL over the same WHERE (leads-filters.ts), so the header always describes the table.
 *
 * - Two queries per call, run together: the page (ORDER BY the chosen column, then id,
 *   LIMIT/OFFSET, then its reviews) and the statistics: for a plain date range, the daily rollup
 *   and the range's partial edge days (leads-totals.ts); searched or filtered, one aggregate that
 *   counts the current and the previous period together with FILTER clauses.
 * - The previous period is the same number of days just before start_date (for the change %).
 * - AVG CPL is total cost over billable leads: non-billable leads cost nothing and are not paid for.
 */
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type LeadCell,
  type LeadColumnName,
  type LeadRow,
  type LeadStat,
  type LeadsQuery,
  type LeadsResponse,
  type LeadsStatistic,
  ReviewStatus,
} from '../../../src/api/contracts/leads';
import { addDays } from '../../../src/lib/date-range';
import { type Db, rowsOf } from '../../db/client';
import { leadReviews, leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { cachedByVersion } from '../../lib/version-cache';
import { cursorOf } from '../exports/export-pages';
import { baseWhere, fromDay, type LeadScope, leadsWhere, scopeClause, untilDay } from './leads-filters';
import { type StoredTableConfig, storedTableConfigSql } from './leads-table';
import { type PeriodTotals, rangeTotals, rollupAnswers } from './leads-totals';

export type ShownColumn = { name: LeadColumnName; label: string; width: number | null };

const SORT_COLUMNS = {
  name: leads.name,
  created_at: leads.created_at,
  service: leads.service,
  city: leads.city,
  state: leads.state,
  zipcode: leads.zipcode,
  cost: leads.cost_cents,
} as const;

/** The row fields every view of a lead list needs (cells, CSV). */
export const leadListFields = {
  id: leads.id,
  ref_id: leads.ref_id,
  lead_type: leads.lead_type,
  name: leads.name,
  created_at: leads.created_at,
  service: leads.service,
  city: leads.city,
  state: leads.state,
  zipcode: leads.zipcode,
  cost_cents: leads.cost_cents,
  billable: leads.billable,
  phone_number: leads.phone_number,
  email: leads.email,
  address: leads.address,
  review_status: leadReviews.status,
};
export type LeadListRow = {
  [K in keyof typeof leadListFields]: (typeof leadListFields)[K]['_']['data'] | null;
};

export const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A column's wire value (see contracts/leads.ts for the formats). */
export function cellValue(row: LeadListRow, name: LeadColumnName): string | null {
  switch (name) {
    case 'created_at':
      return row.created_at ? row.created_at.toISOString() : null;
    case 'cost':
      return dollars(row.cost_cents ?? 0);
    case 'billable':
      return row.billable ? 'true' : 'false';
    default:
      return row[name] ?? null;
  }
}

export function toLeadRow(row: LeadListRow, columns: ShownColumn[]): LeadRow {
  const data: LeadCell[] = columns.map((c) => ({
    name: c.name,
    label: c.label,
    value: cellValue(row, c.name),
    width: c.width,
  }));
  const status = row.review_status;
  return {
    lead_id: row.id ?? 0,
    lead_type: row.lead_type === 'Form' ? 'Form' : 'Call',
    ref_id: row.ref_id ?? '',
    created_at: row.created_at?.toISOString() ?? '',
    review_status: status && ReviewStatus.is(status) ? status : null,
    data,
  };
}

/** The matching rows with their reviews, for the export (which orders and pages them), with its cursor. */
export function leadRowsQuery(db: Db, where: SQL, cursorColumn: AnyPgColumn = leads.created_at) {
  return db
    .select({ ...leadListFields, cursor: cursorOf(cursorColumn) })
    .from(leads)
    .innerJoin(accounts, eq(accounts.id, leads.account_id))
    .leftJoin(leadReviews, eq(leadReviews.lead_id, leads.id))
    .where(where);
}

/** The column a sort names (created_at when it names none). */
export const sortColumnOf = (orderBy: LeadsQuery['order_by']) => SORT_COLUMNS[orderBy] ?? leads.created_at;

export function orderOf(query: Pick<LeadsQuery, 'order' | 'order_by'>) {
  const by = sortColumnOf(query.order_by);
  const direction = query.order === 'asc' ? asc : desc;
  return [direction(by), direction(leads.id)];
}

const change = (value: number, previous: number) =>
  previous === 0 ? 0 : Math.round(((value - previous) / previous) * 10_000) / 100;

const stat = (title: string, value: number, previous: number): LeadStat => ({
  title,
  value,
  previous_value: previous,
  performance_change: change(value, previous),
});

/**
 * The caller's leads matching `where`, read location by location on the (account_id, created_at)
 * index: only this customer's rows, never a scan of every customer's leads in the date range.
 * A LIMIT (that never cuts: drizzle drops OFFSET 0) keeps PostgreSQL from flattening the lateral
 * subquery back into a plain join, which hashes every customer's leads of the date range.
 */
function ownLeads(db: Db, where: SQL | undefined) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.account_id, accounts.id), where))
    .limit(Number.MAX_SAFE_INTEGER)
    .as('leads');
}

/**
 * The leads header's figures and the user's stored table config. Exported for the performance
 * page, whose figures must agree with the leads page's. A plain closed range (no search, no
 * filter) reads the daily rollup (leads-totals.ts), so a year costs the same at any volume;
 * anything else counts the matching leads, with the config in the same statement.
 */
export async function statistics(db: Db, scope: LeadScope, query: LeadsQuery, userId: number) {
  const { start_date: start, end_date: end } = query;
  const days = start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1 : 0;
  const previousStart = start && days > 0 ? addDays(start, -days) : undefined;
  const { cur, prev, config } =
    previousStart && rollupAnswers(query)
      ? await rolledUp(db, scope, query, userId, previousStart)
      : await counted(db, scope, query, userId, previousStart);
  const cpl = (cents: number, billable: number) => (billable ? Math.round(cents / billable) / 100 : 0);
  const statistic: LeadsStatistic = {
    total_leads: stat('Total Leads', cur.total, prev.total),
    call_leads: stat('Calls', cur.calls, prev.calls),
    form_leads: stat('Forms', cur.total - cur.calls, prev.total - prev.calls),
    total_cost: stat('Total Cost', cur.cents / 100, prev.cents / 100),
    avg_cpl: stat('AVG CPL', cpl(cur.cents, cur.billable), cpl(prev.cents, prev.billable)),
  };
  return { statistic, total: cur.total, config };
}

type Counted = { cur: PeriodTotals; prev: PeriodTotals; config: StoredTableConfig | null };

/** A plain range: whole days from the daily rollup, the edges from the leads (leads-totals.ts). */
async function rolledUp(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  userId: number,
  previousStart: string,
): Promise<Counted> {
  const [totals, [row]] = await Promise.all([
    rangeTotals(db, scope, query, previousStart),
    rowsOf<{ config: StoredTableConfig | null }>(
      db,
      sql`select ${storedTableConfigSql(userId, 'leads')} as config`,
    ),
  ]);
  return { cur: totals.current, prev: totals.previous, config: row?.config ?? null };
}

/** Searched, filtered or open-ended: the matching leads counted one by one. */
async function counted(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  userId: number,
  previousStart: string | undefined,
): Promise<Counted> {
  const { start_date: start, end_date: end } = query;
  const current: SQL = start ? fromDay(start, scope.timeZone) : sql`true`;
  const previous: SQL = previousStart ? sql`not (${current})` : sql`false`;
  const where = and(
    baseWhere(scope, query),
    previousStart ? fromDay(previousStart, scope.timeZone) : start ? current : undefined,
    end ? untilDay(end, scope.timeZone) : undefined,
  );
  const period = (when: SQL) => ({
    total: sql<number>`count(*) filter (where ${when})`.mapWith(Number),
    calls: sql<number>`count(*) filter (where ${when} and ${leads.lead_type} = 'Call')`.mapWith(Number),
    billable: sql<number>`count(*) filter (where ${when} and ${leads.billable})`.mapWith(Number),
    cents: sql<number>`coalesce(sum(${leads.cost_cents}) filter (where ${when}), 0)`.mapWith(Number),
  });
  const cur = period(current);
  const prev = period(previous);
  const fields = {
    total: cur.total,
    calls: cur.calls,
    billable: cur.billable,
    cents: cur.cents,
    p_total: prev.total,
    p_calls: prev.calls,
    p_billable: prev.billable,
    p_cents: prev.cents,
    config: storedTableConfigSql(userId, 'leads'),
  };
  // A date range: walk the caller's locations (their rows only). No range: every row of the
  // customer counts anyway, and PostgreSQL's own join plan reads them faster.
  const [row] = start
    ? await db
        .select(fields)
        .from(accounts)
        .crossJoinLateral(ownLeads(db, where))
        .where(scopeClause(scope, query.location_ids))
    : await db.select(fields).from(leads).innerJoin(accounts, eq(accounts.id, leads.account_id)).where(where);
  return {
    cur: { total: row.total, calls: row.calls, billable: row.billable, cents: row.cents },
    prev: { total: row.p_total, calls: row.p_calls, billable: row.p_billable, cents: row.p_cents },
    config: row.config,
  };
}

/** Deeper than this, the per-location walk reads more than sorting the whole set would. */
const LATERAL_DEPTH = 2000;

/**
 * One page of rows. In time order (the default) each location's newest leads are walked on its
 * (account_id, created_at) index and only `offset + per_page` of each are merged, instead of
 * sorting every lead of a 28-location franchise for 20 rows. The page is cut first and only its
 * rows then meet lead_reviews (one index probe per row, not a scan per location). The subqueries
 * are named "leads", so the shared fields, WHERE and ORDER BY (which say leads.x) read the same.
 * Each row also carries the user's stored table config (an uncorrelated subquery: read once), so
 * a page whose statistics come from the cache still needs one statement only.
 */
function pageRows(db: Db, scope: LeadScope, query: LeadsQuery, where: SQL, offset: number, userId: number) {
  const depth = offset + query.per_page;
  const page =
    query.order_by !== 'created_at' || depth > LATERAL_DEPTH
      ? db
          .select(getTableColumns(leads))
          .from(leads)
          .innerJoin(accounts, eq(accounts.id, leads.account_id))
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.per_page)
          .offset(offset)
          .as('leads')
      : db
          .select(getTableColumns(leads))
          .from(accounts)
          .crossJoinLateral(newestOfEachLocation(db, query, where, depth))
          .where(scopeClause(scope, query.location_ids))
          .orderBy(...orderOf(query))
          .limit(query.per_page)
          .offset(offset)
          .as('leads');
  return db
    .select({ ...leadListFields, config: storedTableConfigSql(userId, 'leads') })
    .from(page)
    .leftJoin(leadReviews, eq(leadReviews.lead_id, leads.id))
    .orderBy(...orderOf(query));
}

/** The lateral walk: one location's first `depth` leads in time order (accounts.id is outside). */
function newestOfEachLocation(db: Db, query: LeadsQuery, where: SQL, depth: number) {
  const direction = query.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.account_id, accounts.id), where))
    .orderBy(direction(leads.created_at), direction(leads.id))
    .limit(depth)
    .as('leads');
}

/** What the statistics depend on: the organization's leads version, its zone, the WHERE's inputs. */
const statisticsKey = (scope: LeadScope, version: number, query: LeadsQuery) =>
  `leads-statistics|${scope.organizationId}|${version}|${scope.timeZone}|${JSON.stringify([
    query.start_date,
    query.end_date,
    query.query,
    query.filters,
    query.location_ids,
  ])}`;

/**
 * The page and its statistics (two statements, run together), or the page alone when the
 * statistics of this organization's leads version are in memory (lib/version-cache.ts; the version
 * comes with the auth lookup). `columnsOf` turns the user's stored table config, read with the
 * page, into the columns the rows show (no rows, no columns needed).
 */
export async function listLeads(
  db: Db,
  scope: LeadScope & { leadsVersion?: number },
  query: LeadsQuery,
  userId: number,
  columnsOf: (config: StoredTableConfig | null) => ShownColumn[],
): Promise<LeadsResponse> {
  const where = leadsWhere(scope, query);
  const offset = (query.page - 1) * query.per_page;
  const { leadsVersion } = scope;
  const counted = async () => {
    const { statistic, total } = await statistics(db, scope, query, userId);
    return { statistic, total };
  };
  const [rows, stats] = await Promise.all([
    pageRows(db, scope, query, where, offset, userId),
    leadsVersion === undefined
      ? counted()
      : cachedByVersion(db, statisticsKey(scope, leadsVersion, query), counted),
  ]);
  const total = stats.total;
  const columns = columnsOf(rows[0]?.config ?? null);
  return {
    leads: rows.map((row) => toLeadRow(row, columns)),
    leads_statistic: stats.statistic,
    total_pages: Math.ceil(total / query.per_page),
    current_page: query.page,
    showing_from: rows.length ? offset + 1 : 0,
    showing_to: offset + rows.length,
    total_records: total,
  };
}
