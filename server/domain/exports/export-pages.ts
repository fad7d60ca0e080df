/**
 * How an export reads its rows in batches without OFFSET (which sorts everything before the
 * offset again for every batch: quadratic, and a spill to disk per batch on a large customer).
 *
 * - `timeWindows`: rows in time order, read window by window of created_at ([lo, hi), tiling the
 *   range, so a row is in exactly one window whatever its timestamp's precision). Each window's
 *   width adapts to hold about `batch` rows, so every row is read once and memory stays at about
 *   one batch: linear in the rows, on the (account_id, created_at) index.
 * - `keysetPages`: any other order, by (column, id) after the last row sent, NULLs where the
 *   list puts them (first when descending, last when ascending, PostgreSQL's defaults). The cursor
 *   is the column's text as PostgreSQL wrote it, never a rounded JavaScript value.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const HOUR = 3_600_000;

/**
 * Yields the rows of [from, until) newest first (`desc`) or oldest first, a window at a time;
 * `read(lo, hi)` returns one window's rows in the export's order.
 */
export async function* timeWindows<T>(
  from: Date,
  until: Date,
  descending: boolean,
  batch: number,
  read: (lo: Date, hi: Date) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let width = 24 * HOUR;
  let edge = descending ? until.getTime() : from.getTime();
  const end = descending ? from.getTime() : until.getTime();
  while (descending ? edge > end : edge < end) {
    const next = descending ? Math.max(end, edge - width) : Math.min(end, edge + width);
    const rows = descending
      ? await read(new Date(next), new Date(edge))
      : await read(new Date(edge), new Date(next));
    if (rows.length) yield rows;
    edge = next;
    // Aim the next window at one batch: a quiet stretch widens it (at most 4x a step), a busy one narrows it.
    const aim = rows.length ? (width * batch) / rows.length : width * 4;
    width = Math.max(1000, Math.min(width * 4, Math.max(width / 4, aim)));
  }
}

/** The rows after `last` in ORDER BY column, id (see the header for where NULLs go). */
export function after(column: AnyPgColumn, id: AnyPgColumn, descending: boolean, last: Cursor): SQL {
  const { value, id: lastId } = last;
  const cast = sql.raw(column.getSQLType());
  if (descending) {
    return value === null
      ? sql`((${column} is null and ${id} < ${lastId}) or ${column} is not null)`
      : sql`(${column} < ${value}::${cast} or (${column} = ${value}::${cast} and ${id} < ${lastId}))`;
  }
  return value === null
    ? sql`(${column} is null and ${id} > ${lastId})`
    : sql`(${column} > ${value}::${cast} or (${column} = ${value}::${cast} and ${id} > ${lastId}) or ${column} is null)`;
}

export type Cursor = { value: string | null; id: number };

/** The cursor text of a row: select it beside the row as `cursorOf(column)`. */
export const cursorOf = (column: AnyPgColumn) => sql<string | null>`${column}::text`;

/**
 * Yields pages of rows in (column, id) order: `read(condition)` returns the next `batch` rows
 * matching the extra condition (undefined for the first page); `cursor(row)` is a row's position
 * (its column's text, selected with `cursorOf`, and its id).
 */
export async function* keysetPages<T>(
  column: AnyPgColumn,
  id: AnyPgColumn,
  descending: boolean,
  batch: number,
  read: (condition: SQL | undefined) => Promise<T[]>,
  cursor: (row: T) => Cursor,
): AsyncGenerator<T[]> {
  let last: Cursor | null = null;
  for (;;) {
    const rows: T[] = await read(last ? after(column, id, descending, last) : undefined);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    last = cursor(rows[rows.length - 1]);
  }
}
