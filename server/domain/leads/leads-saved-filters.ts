/**
 * The toolbar's filter memory per user and table type (leads now, campaigns later): saved
 * filters (named, unique per user and type), recent filter sets and recent text searches.
 *
 * - Recents are remembered by the list read itself (a search or filter the user ran on page 1),
 *   newest first, without duplicates, at most RECENT_LIMIT of each kind. Writing them is a side
 *   effect of a read, so a replayed list request only moves the same entry to the top again.
 * - A saved filter's name is compared case-insensitively: 'Calls' and 'calls' would be confusing.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { FILTER_OPS, type FilterCondition, type FiltersResponse } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { recentFilters, savedFilters } from '../../db/schema/toolbar';
import { notFound, unprocessable } from '../../lib/errors';

export const FILTER_TYPES = ['leads', 'campaigns'] as const;
export const RECENT_LIMIT = 10;

type StoredCondition = { name: string; op: string; value: string };

/** Stored conditions are not trusted: one with an operator we no longer know is left out. */
const asConditions = (stored: StoredCondition[] | null): FilterCondition[] =>
  (stored ?? []).filter((c): c is FilterCondition => (FILTER_OPS as readonly string[]).includes(c.op));

/** jsonb reorders object keys, so conditions are compared field by field, not as JSON text. */
const conditionKey = (list: StoredCondition[] | null) =>
  (list ?? []).map((c) => [c.name, c.op, c.value].join('\u0000')).join('\u0001');
const sameFilters = (a: StoredCondition[] | null, b: FilterCondition[]) =>
  conditionKey(a) === conditionKey(b);

export async function loadFilters(db: Db, userId: number, type: string): Promise<FiltersResponse> {
  const mine = (table: typeof savedFilters | typeof recentFilters) =>
    and(eq(table.user_id, userId), eq(table.type, type));
  const [saved, recent] = await Promise.all([
    db.select().from(savedFilters).where(mine(savedFilters)).orderBy(desc(savedFilters.created_at)),
    db
      .select()
      .from(recentFilters)
      .where(mine(recentFilters))
      .orderBy(desc(recentFilters.created_at), desc(recentFilters.id))
      .limit(RECENT_LIMIT * 2),
  ]);
  return {
    saved_filters: saved.map((f) => ({ id: f.id, name: f.name, filters: asConditions(f.filters) })),
    recent_filters: recent
      .filter((r) => r.kind === 'filter' && r.filters?.length)
      .slice(0, RECENT_LIMIT)
      .map((r) => ({ id: r.id, filters: asConditions(r.filters) })),
    query_filters: recent
      .filter((r) => r.kind === 'query' && r.query)
      .slice(0, RECENT_LIMIT)
      .map((r) => ({ id: r.id, query: r.query ?? '' })),
  };
}

export async function saveFilter(
  db: Db,
  userId: number,
  type: string,
  name: string,
  filters: FilterCondition[],
) {
  const [taken] = await db
    .select({ id: savedFilters.id })
    .from(savedFilters)
    .where(
      and(
        eq(savedFilters.user_id, userId),
        eq(savedFilters.type, type),
        sql`lower(${savedFilters.name}) = lower(${name})`,
      ),
    );
  if (taken) throw unprocessable({ name: ['A filter with this name already exists'] });
  const [row] = await db.insert(savedFilters).values({ user_id: userId, type, name, filters }).returning();
  return { id: row.id, name: row.name, filters: asConditions(row.filters) };
}

export async function deleteFilter(db: Db, userId: number, type: string, name: string) {
  const gone = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.user_id, userId), eq(savedFilters.type, type), eq(savedFilters.name, name)))
    .returning({ id: savedFilters.id });
  if (gone.length === 0) throw notFound('Filter not found');
}

/** Puts a search or filter set at the top of the user's recents (see the module header). */
export async function rememberRecent(
  db: Db,
  userId: number,
  type: string,
  used: { filters?: FilterCondition[]; query?: string },
) {
  const query = used.query?.trim() ?? '';
  const filters = used.filters ?? [];
  const entries = [
    ...(filters.length ? [{ kind: 'filter', filters, query: null }] : []),
    ...(query.length >= 2 ? [{ kind: 'query', filters: null, query }] : []),
  ];
  for (const entry of entries) {
    const existing = await db
      .select()
      .from(recentFilters)
      .where(
        and(
          eq(recentFilters.user_id, userId),
          eq(recentFilters.type, type),
          eq(recentFilters.kind, entry.kind),
        ),
      )
      .orderBy(desc(recentFilters.created_at), desc(recentFilters.id));
    const duplicates = existing.filter((r) =>
      entry.kind === 'query'
        ? r.query?.toLowerCase() === query.toLowerCase()
        : sameFilters(r.filters, filters),
    );
    const overflow = existing.filter((r) => !duplicates.includes(r)).slice(RECENT_LIMIT - 1);
    const drop = [...duplicates, ...overflow].map((r) => r.id);
    if (drop.length) await db.delete(recentFilters).where(inArray(recentFilters.id, drop));
    await db.insert(recentFilters).values({ user_id: userId, type, ...entry });
  }
}
