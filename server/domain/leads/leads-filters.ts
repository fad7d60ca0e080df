/**
 * The WHERE clause of every leads read (list, statistics, export): tenant scope, locations, the
 * customer's calendar days, the New filter conditions and the text search, all as SQL.
 *
 * - Tenant scope is accounts.organization_id = the caller's organization: every query that uses
 *   this module joins accounts, so another customer's lead can never match.
 * - Field names come from a whitelist (FILTER_COLUMNS); values are always bound parameters, and
 *   LIKE patterns have %, _ and \ escaped, so a value is only ever a value.
 * - Dates are days in the organization's time zone: [start 00:00, end + 1 day 00:00) local time,
 *   converted by PostgreSQL (AT TIME ZONE), so a day is a day across daylight-saving changes.
 * - Conditions on one field with op 'equals' are alternatives (service is A or B); all other
 *   conditions must all hold.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterCondition } from '../../../src/api/contracts/toolbar';
import { leads } from '../../db/schema/leads';
import { accounts } from '../../db/schema/shell';
import { unprocessable } from '../../lib/errors';

export type LeadScope = { organizationId: number; timeZone: string };

export type LeadWhereInput = {
  start_date?: string;
  end_date?: string;
  query?: string;
  filters?: FilterCondition[];
  location_ids?: string[];
};

type FilterColumn = { column: AnyPgColumn; kind: 'text' | 'boolean' };

/** Filterable fields -> columns. Anything else is refused with 422. */
export const FILTER_COLUMNS: Record<string, FilterColumn> = {
  lead_type: { column: leads.lead_type, kind: 'text' },
  service: { column: leads.service, kind: 'text' },
  city: { column: leads.city, kind: 'text' },
  state: { column: leads.state, kind: 'text' },
  zipcode: { column: leads.zipcode, kind: 'text' },
  source: { column: leads.source, kind: 'text' },
  channel: { column: leads.channel, kind: 'text' },
  name: { column: leads.name, kind: 'text' },
  email: { column: leads.email, kind: 'text' },
  phone_number: { column: leads.phone_number, kind: 'text' },
  location: { column: accounts.ref_id, kind: 'text' },
  billable: { column: leads.billable, kind: 'boolean' },
};

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const TRUE_WORDS = new Set(['true', 'yes', '1', 'billable']);

function condition(filter: FilterCondition): SQL {
  const target = FILTER_COLUMNS[filter.name];
  if (!target) throw unprocessable({ filters: [`Unknown filter field: ${filter.name}`] });
  const { column } = target;
  if (target.kind === 'boolean') {
    const wanted = TRUE_WORDS.has(filter.value.trim().toLowerCase());
    const negate = filter.op === 'not_equals' || filter.op === 'not_contains';
    return eq(column, negate ? !wanted : wanted);
  }
  const value = filter.value.trim();
  switch (filter.op) {
    case 'equals':
      return sql`lower(${column}) = lower(${value})`;
    case 'not_equals':
      return or(isNull(column), sql`lower(${column}) <> lower(${value})`) as SQL;
    case 'contains':
      return sql`${column} ilike ${likePattern(value)}`;
    case 'not_contains':
      return or(isNull(column), sql`${column} not ilike ${likePattern(value)}`) as SQL;
  }
}

/** All filter conditions as one clause (see the module header for how they combine). */
export function filterClause(filters: FilterCondition[] = []): SQL | undefined {
  const alternatives = new Map<string, SQL[]>();
  const required: SQL[] = [];
  for (const filter of filters) {
    if (!filter.value.trim()) {
      throw unprocessable({ filters: ['This field is required'] });
    }
    if (filter.op === 'equals') {
      alternatives.set(filter.name, [...(alternatives.get(filter.name) ?? []), condition(filter)]);
    } else {
      required.push(condition(filter));
    }
  }
  for (const group of alternatives.values())
    required.push(group.length === 1 ? group[0] : (or(...group) as SQL));
  return required.length ? and(...required) : undefined;
}

/** The text search: any of the visible text fields, and the phone number by its digits. */
export function searchClause(query?: string): SQL | undefined {
  const text = query?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const fields = [
    leads.name,
    leads.email,
    leads.city,
    leads.state,
    leads.zipcode,
    leads.service,
    leads.ref_id,
    leads.address,
    leads.phone_number,
  ].map((column) => sql`${column} ilike ${pattern}`);
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3 && digits.length < text.length) {
    fields.push(sql`regexp_replace(${leads.phone_number}, '[^0-9]', '', 'g') like ${likePattern(digits)}`);
  }
  return or(...fields);
}

/** created_at >= the start of a local day (YYYY-MM-DD) in the organization's zone. */
export const fromDay = (day: string, zone: string) =>
  sql`${leads.created_at} >= ((${day}::date)::timestamp at time zone ${zone})`;
/** created_at < the start of the local day after `day`. */
export const untilDay = (day: string, zone: string) =>
  sql`${leads.created_at} < (((${day}::date) + 1)::timestamp at time zone ${zone})`;

/** Tenant and location scope: the join condition's partner (callers join accounts). */
export function scopeClause(scope: LeadScope, locationIds?: string[]): SQL {
  const own = eq(accounts.organization_id, scope.organizationId);
  return locationIds?.length ? (and(own, inArray(accounts.ref_id, locationIds)) as SQL) : own;
}

/** Everything but the date range (the statistics widen the range to the previous period). */
export function baseWhere(scope: LeadScope, input: LeadWhereInput): SQL {
  return and(
    scopeClause(scope, input.location_ids),
    filterClause(input.filters),
    searchClause(input.query),
  ) as SQL;
}

export function leadsWhere(scope: LeadScope, input: LeadWhereInput): SQL {
  return and(
    baseWhere(scope, input),
    input.start_date ? fromDay(input.start_date, scope.timeZone) : undefined,
    input.end_date ? untilDay(input.end_date, scope.timeZone) : undefined,
  ) as SQL;
}
