/**
 * Contracts of the shared table toolbar (spec part 3 §2.6, §7 "Table toolbar"): saved and recent
 * filters, filter field definitions, table column config (checked columns and resized widths) and
 * CSV exports. `type` in the paths is the table type: leads, campaigns, ...
 *
 * Request bodies are strict objects (an unknown key is a 422): a typo never silently widens a query.
 */
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  union,
} from 'superstruct';
import { isIsoDate } from '../../lib/date-range';

export const FILTER_OPS = ['equals', 'not_equals', 'contains', 'not_contains'] as const;

export const FILTER_NAME_REQUIRED = 'Filter name is required';
export const COLUMN_REQUIRED = 'At least one column must be selected';
export const MIN_COLUMN_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 600;

/** One condition: a field of the table's filter_fields, an operator and a value. */
export const FilterCondition = object({
  name: size(string(), 1, 64),
  op: enums(FILTER_OPS),
  value: size(string(), 0, 200),
});
export type FilterCondition = Infer<typeof FilterCondition>;

export const FilterList = size(array(FilterCondition), 0, 20);

/** A calendar day, YYYY-MM-DD (the customer's day: the server reads it in their time zone). */
export const IsoDate = refine(
  string(),
  'IsoDate',
  (value) => isIsoDate(value) || 'Expected a YYYY-MM-DD date',
);

export const SavedFilter = object({ id: number(), name: string(), filters: array(FilterCondition) });
export type SavedFilter = Infer<typeof SavedFilter>;
export const RecentFilter = object({ id: number(), filters: array(FilterCondition) });
export type RecentFilter = Infer<typeof RecentFilter>;
/** A recent text search (the wire's query_filters). */
export const QueryFilter = object({ id: number(), query: string() });
export type QueryFilter = Infer<typeof QueryFilter>;

/** GET /filters/{type} */
export const FiltersResponse = object({
  saved_filters: array(SavedFilter),
  recent_filters: array(RecentFilter),
  query_filters: array(QueryFilter),
});
export type FiltersResponse = Infer<typeof FiltersResponse>;

const trimmed = (struct: ReturnType<typeof string>) => coerce(struct, string(), (value) => value.trim());

/** POST /filters/{type}/new */
export const SaveFilterBody = object({
  name: defaulted(
    trimmed(refine(size(string(), 0, 80), 'FilterName', (value) => value.length > 0 || FILTER_NAME_REQUIRED)),
    '',
  ),
  filters: size(array(FilterCondition), 1, 20),
});
export type SaveFilterBody = Infer<typeof SaveFilterBody>;
export const SaveFilterResponse = object({ saved_filter: SavedFilter });

/** DELETE /filters/{type}: a saved filter by name (type: 'saved', the only kind a user deletes). */
export const DeleteFilterBody = object({
  name: size(string(), 1, 80),
  type: optional(enums(['saved', 'leads', 'campaigns'])),
});
export const DeleteFilterResponse = object({ message: string() });

/** A field the New filter form offers: its operators, and the options when it has a list. */
export const FilterField = object({
  label: string(),
  name: string(),
  op: array(object({ name: enums(FILTER_OPS), label: string() })),
  values: optional(array(object({ name: string(), label: string() }))),
});
export type FilterField = Infer<typeof FilterField>;
/** GET /{type}/filter_fields */
export const FilterFieldsResponse = object({ fields: array(FilterField) });
export type FilterFieldsResponse = Infer<typeof FilterFieldsResponse>;

/** A column of the table: checked = shown; width = the user's resized width in px, if any. */
export const TableColumn = object({
  name: size(string(), 1, 64),
  label: size(string(), 0, 120),
  checked: boolean(),
  width: optional(nullable(number())),
});
export type TableColumn = Infer<typeof TableColumn>;

/** GET /table/{type}, and the answer of POST and DELETE. */
export const TableConfigResponse = object({ required_fields: array(TableColumn) });
export type TableConfigResponse = Infer<typeof TableConfigResponse>;

export const ColumnsBody = object({ required_fields: size(array(TableColumn), 0, 50) });
export const ColumnWidthBody = object({
  column_id: size(string(), 1, 64),
  column_size: refine(
    integer(),
    'ColumnSize',
    (value) =>
      (value > MIN_COLUMN_WIDTH && value <= MAX_COLUMN_WIDTH) ||
      `Column width must be more than ${MIN_COLUMN_WIDTH} and at most ${MAX_COLUMN_WIDTH} px`,
  ),
});
/** POST /table/{type}: the checked columns, or one resized column's width. */
export const TableConfigBody = union([ColumnsBody, ColumnWidthBody]);
export type TableConfigBody = Infer<typeof TableConfigBody>;

/** POST /{type}/export: everything of the type between the dates, as the table is filtered. */
export const ExportBody = object({
  start_date: IsoDate,
  end_date: IsoDate,
  filters: optional(FilterList),
  query: optional(size(string(), 0, 100)),
  location_ids: optional(size(array(size(string(), 1, 64)), 0, 500)),
  order: optional(enums(['asc', 'desc'])),
  order_by: optional(size(string(), 1, 64)),
});
export type ExportBody = Infer<typeof ExportBody>;

/**
 * action 'download': message is the file's (signed, short-lived) link. action 'wait': the file is
 * being written; a 'download' notification with id = export_id follows on the live channel.
 */
export const ExportResponse = object({
  action: enums(['download', 'wait']),
  message: string(),
  export_id: optional(number()),
});
export type ExportResponse = Infer<typeof ExportResponse>;

export const EXPORT_IN_PROGRESS = {
  header: 'Export in progress',
  body: "Export in progress. You'll receive a notification once it's ready.",
};
