/**
 * The shared table toolbar's per-user state: saved filters, recent filters and recent text
 * searches, table column configs (checked columns and resized widths) and CSV exports.
 *
 * `type` is the table type of the calls (/table/{type}, /filters/{type}, /{type}/export):
 * leads, campaigns, invoices, locations_breakdown, ...
 * An export is ready once file_path is set; after expires_at the file is gone and the download
 * answers 'File has expired, Please issue export request again.'
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { notifications } from './shell';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type FilterCondition = { name: string; op: string; value: string };
export type TableColumn = { name: string; label: string; checked: boolean };

export const savedFilters = pgTable(
  'saved_filters',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<FilterCondition[]>().notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('saved_filters_unique').on(t.user_id, t.type, t.name)],
);

/** kind 'filter' (a used filter set) or 'query' (a text search, the wire's query_filters). */
export const recentFilters = pgTable(
  'recent_filters',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    filters: jsonb('filters').$type<FilterCondition[]>(),
    query: text('query'),
    created_at: created(),
  },
  (t) => [index('recent_filters_user_idx').on(t.user_id, t.type, t.created_at)],
);

/** No row means the table's default columns; columns null with widths set keeps default columns. */
export const tableConfigs = pgTable(
  'table_configs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    columns: jsonb('columns').$type<TableColumn[]>(),
    widths: jsonb('widths').$type<Record<string, number>>().notNull().default({}),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('table_configs_unique').on(t.user_id, t.type)],
);

export const dataExports = pgTable(
  'exports',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    /** pending, ready, failed */
    status: text('status').notNull().default('pending'),
    /** start_date, end_date, filters, query, location_ids, order as requested */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    file_path: text('file_path'),
    row_count: integer('row_count'),
    notification_id: integer('notification_id').references(() => notifications.id),
    error: text('error'),
    created_at: created(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('exports_user_idx').on(t.user_id, t.created_at)],
);
