/**
 * Table column configs (GET/POST/DELETE /table/{type}): which columns a user shows, in which
 * order, and the widths they dragged them to. Starts with the leads table; another table joins by
 * adding its columns to TABLES.
 *
 * - No stored row means the defaults. A stored column list is never trusted blindly: unknown
 *   names are dropped, columns added to the table since are appended unchecked, labels always come
 *   from here, so a renamed column shows its new label.
 * - Widths live apart from the column list: saving a width never changes which columns are
 *   shown, and saving columns keeps the widths. Reset (DELETE) restores both to the defaults.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_COLUMNS, DEFAULT_CAMPAIGN_COLUMNS } from '../../../src/api/contracts/campaigns';
import { DEFAULT_LEAD_COLUMNS, LEAD_COLUMNS } from '../../../src/api/contracts/leads';
import { COLUMN_REQUIRED, type TableColumn } from '../../../src/api/contracts/toolbar';
import type { Db } from '../../db/client';
import { tableConfigs } from '../../db/schema/toolbar';
import { now } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/errors';

type TableDefinition = { columns: readonly { name: string; label: string }[]; defaults: readonly string[] };

export const TABLES: Record<string, TableDefinition> = {
  leads: { columns: LEAD_COLUMNS, defaults: DEFAULT_LEAD_COLUMNS },
  campaigns: { columns: CAMPAIGN_COLUMNS, defaults: DEFAULT_CAMPAIGN_COLUMNS },
};

export function tableOf(type: string): TableDefinition {
  const table = Object.hasOwn(TABLES, type) ? TABLES[type] : undefined;
  if (!table) throw notFound('Unknown table');
  return table;
}

/** A stored config row as the columns need it (undefined: none stored). */
export type StoredTableConfig = { columns: TableColumn[] | null; widths: Record<string, number> };

/** The user's stored config of a table as a scalar subquery (json, null when none), for a
 *  statement that reads it along with something else (the leads list's statistics). */
export const storedTableConfigSql = (userId: number, type: string) =>
  sql<StoredTableConfig | null>`(select json_build_object('columns', ${tableConfigs.columns}, 'widths', ${tableConfigs.widths}) from ${tableConfigs} where ${tableConfigs.user_id} = ${userId} and ${tableConfigs.type} = ${type})`;

/** The user's columns for a table, every known column once, in the user's order. */
export async function loadTableColumns(db: Db, userId: number, type: string): Promise<TableColumn[]> {
  const table = tableOf(type);
  const [row] = await db
    .select()
    .from(tableConfigs)
    .where(and(eq(tableConfigs.user_id, userId), eq(tableConfigs.type, type)));
  return tableColumnsFrom(table, row);
}

/** The columns a stored config (or none) means: see the module header for the rules. */
export function tableColumnsFrom(table: TableDefinition, row: StoredTableConfig | null | undefined) {
  const widths = row?.widths ?? {};
  const labels = new Map(table.columns.map((c) => [c.name, c.label]));
  const stored = (row?.columns ?? []).filter((c) => labels.has(c.name));
  const seen = new Set(stored.map((c) => c.name));
  const base =
    stored.length > 0 && stored.some((c) => c.checked)
      ? [
          ...stored.map((c) => ({ name: c.name, checked: c.checked })),
          ...table.columns.filter((c) => !seen.has(c.name)).map((c) => ({ name: c.name, checked: false })),
        ]
      : table.columns.map((c) => ({ name: c.name, checked: table.defaults.includes(c.name) }));
  const unique = base.filter((c, index) => base.findIndex((o) => o.name === c.name) === index);
  return unique.map((c) => ({
    name: c.name,
    label: labels.get(c.name) ?? c.name,
    checked: c.checked,
    width: typeof widths[c.name] === 'number' ? widths[c.name] : null,
  }));
}

export async function saveTableColumns(db: Db, userId: number, type: string, columns: TableColumn[]) {
  const table = tableOf(type);
  const known = new Set(table.columns.map((c) => c.name));
  const unknown = columns.filter((c) => !known.has(c.name)).map((c) => c.name);
  if (unknown.length) throw unprocessable({ required_fields: [`Unknown column: ${unknown.join(', ')}`] });
  if (!columns.some((c) => c.checked)) throw unprocessable({ required_fields: [COLUMN_REQUIRED] });
  const stored = columns.map((c) => ({ name: c.name, label: c.label, checked: c.checked }));
  await db
    .insert(tableConfigs)
    .values({ user_id: userId, type, columns: stored, widths: {} })
    .onConflictDoUpdate({
      target: [tableConfigs.user_id, tableConfigs.type],
      set: { columns: stored, updated_at: now() },
    });
}

export async function saveColumnWidth(db: Db, userId: number, type: string, column: string, width: number) {
  const table = tableOf(type);
  if (!table.columns.some((c) => c.name === column)) {
    throw unprocessable({ column_id: [`Unknown column: ${column}`] });
  }
  const patch = { [column]: Math.round(width) };
  await db
    .insert(tableConfigs)
    .values({ user_id: userId, type, columns: null, widths: patch })
    .onConflictDoUpdate({
      target: [tableConfigs.user_id, tableConfigs.type],
      set: { widths: sql`${tableConfigs.widths} || ${JSON.stringify(patch)}::jsonb`, updated_at: now() },
    });
}

export async function resetTable(db: Db, userId: number, type: string) {
  tableOf(type);
  await db.delete(tableConfigs).where(and(eq(tableConfigs.user_id, userId), eq(tableConfigs.type, type)));
}
