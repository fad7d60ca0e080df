/**
 * The WHERE clause of the campaigns list: tenant scope (accounts.organization_id, so another
 * customer's campaign never matches), locations, the New filter's conditions on whitelisted
 * fields, and the text search. Values are always bound parameters (LIKE patterns escaped).
 * Conditions on one field with op 'equals' are alternatives; all others must all hold.
 * Also the New filter form's fields for campaigns, with this customer's options.
 */
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterCondition, FilterField } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { services } from '../../db/schema/catalog';
import { accounts } from '../../db/schema/shell';
import { unprocessable } from '../../lib/errors';
import { likePattern } from '../leads/leads-filters';

const FILTER_COLUMNS: Record<string, AnyPgColumn> = {
  status: campaigns.status,
  service: campaigns.service,
  product: campaigns.product_name,
  media_type: campaigns.media_type,
  name: campaigns.name,
  location: accounts.ref_id,
};

function condition(filter: FilterCondition): SQL {
  const column = Object.hasOwn(FILTER_COLUMNS, filter.name) ? FILTER_COLUMNS[filter.name] : undefined;
  if (!column) throw unprocessable({ filters: [`Unknown filter field: ${filter.name}`] });
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

function filterClause(filters: FilterCondition[] = []): SQL | undefined {
  const alternatives = new Map<string, SQL[]>();
  const required: SQL[] = [];
  for (const filter of filters) {
    if (!filter.value.trim()) throw unprocessable({ filters: ['This field is required'] });
    if (filter.op === 'equals') {
      alternatives.set(filter.name, [...(alternatives.get(filter.name) ?? []), condition(filter)]);
    } else required.push(condition(filter));
  }
  for (const group of alternatives.values())
    required.push(group.length === 1 ? group[0] : (or(...group) as SQL));
  return required.length ? and(...required) : undefined;
}

function searchClause(query?: string): SQL | undefined {
  const text = query?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(
    ...[campaigns.name, campaigns.ref_id, campaigns.service, campaigns.product_name, accounts.name].map(
      (column) => sql`${column} ilike ${pattern}`,
    ),
  );
}

export type CampaignWhereInput = { query?: string; filters?: FilterCondition[]; location_ids?: string[] };

/** Callers join accounts on campaigns.account_id. */
export function campaignsWhere(organizationId: number, input: CampaignWhereInput): SQL {
  return and(
    eq(accounts.organization_id, organizationId),
    input.location_ids?.length ? inArray(accounts.ref_id, input.location_ids) : undefined,
    filterClause(input.filters),
    searchClause(input.query),
  ) as SQL;
}

const EQUALS = [{ name: 'equals' as const, label: 'Equals' }];
const TEXT_OPS = [
  { name: 'equals' as const, label: 'Equals' },
  { name: 'not_equals' as const, label: 'Not equals' },
  { name: 'contains' as const, label: 'Contains' },
  { name: 'not_contains' as const, label: 'Does not contain' },
];

export async function campaignFilterFields(db: Db, organizationId: number): Promise<FilterField[]> {
  const rows = await db
    .selectDistinct({
      service: campaigns.service,
      service_label: services.label,
      product: campaigns.product_name,
      ref_id: accounts.ref_id,
      account: accounts.name,
    })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.account_id))
    .leftJoin(services, eq(services.name, campaigns.service))
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.name));
  const unique = (values: string[]) => [...new Set(values)].sort().map((v) => ({ name: v, label: v }));
  const locations = new Map(rows.map((r) => [r.ref_id, r.account]));
  return [
    {
      label: 'Status',
      name: 'status',
      op: EQUALS,
      values: [
        { name: 'active', label: 'Active' },
        { name: 'paused', label: 'Paused' },
      ],
    },
    {
      label: 'Service',
      name: 'service',
      op: TEXT_OPS,
      values: [...new Map(rows.map((r) => [r.service, r.service_label ?? r.service]))]
        .sort((a, b) => (a[1] < b[1] ? -1 : 1))
        .map(([name, label]) => ({ name, label })),
    },
    { label: 'Product', name: 'product', op: EQUALS, values: unique(rows.map((r) => r.product)) },
    {
      label: 'Location',
      name: 'location',
      op: EQUALS,
      values: [...locations].map(([name, label]) => ({ name, label })),
    },
    { label: 'Name', name: 'name', op: TEXT_OPS },
  ];
}
