/**
 * The leads table: the rows' cells in the configured columns, formatted for reading, with the
 * lead's name as the keyboard way into its drawer, its Call/Form badge (never cut: the name gives
 * way first) and "Pending sync" / "Review not sent" marks for reviews still in the outbox.
 * Phone numbers read (512) 555-0094. On a phone (`fit`) rows are two lines: name over badge, day
 * over time. Props in, JSX out.
 */
import type { ReactNode } from 'react';
import type { LeadRow } from '../../api/contracts/leads';
import { SORTABLE_LEAD_COLUMNS } from '../../api/contracts/leads';
import type { TableColumn } from '../../api/contracts/toolbar';
import { displayPhone } from '../../lib/phone';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { type Column, DataTable, type Sort } from '../../ui/table/data-table';
import { formatDay, formatMoney, formatTime, formatTimeOfDay } from './format';
import { COST_TOOLTIP } from './messages';

export type ReviewMarks = Map<number, 'pending' | 'failed'>;

export type LeadsTableProps = {
  rows: LeadRow[];
  columns: TableColumn[];
  sort: Sort;
  onSort: (column: string) => void;
  onResize?: (column: string, width: number) => void;
  onOpen: (row: LeadRow) => void;
  marks: ReviewMarks;
  zone?: string | null;
  loading?: boolean;
  fit?: boolean;
  /** Shown in place of the empty text when the list could not be loaded. */
  error?: ReactNode;
};

const SORTABLE = new Set<string>(SORTABLE_LEAD_COLUMNS);

/** Widths until the user drags their own (px, within the 101-600 bounds). */
export const DEFAULT_WIDTHS: Record<string, number> = {
  name: 240,
  created_at: 200,
  service: 180,
  city: 150,
  state: 110,
  zipcode: 120,
  cost: 120,
  billable: 110,
  phone_number: 160,
  email: 250,
  address: 240,
};

/** What a column needs so its usual content is not cut when the table is fitted to the screen. */
const MIN_WIDTHS: Record<string, number> = { name: 200, created_at: 180, cost: 96 };

export function cellText(row: LeadRow, name: string, zone?: string | null): string {
  const value = row.data.find((c) => c.name === name)?.value ?? '';
  if (name === 'created_at') return formatTime(value, zone);
  if (name === 'phone_number') return displayPhone(value);
  if (name === 'cost') return value === '' ? '' : formatMoney(value);
  if (name === 'billable') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : '';
  return value;
}

export function LeadsTable(props: LeadsTableProps) {
  const { rows, columns, marks, zone } = props;
  const shown: Column[] = columns.map((c) => ({
    name: c.name,
    label: c.name === 'created_at' ? 'Date & Time' : c.label,
    width: c.width ?? DEFAULT_WIDTHS[c.name] ?? null,
    sortable: SORTABLE.has(c.name),
    minWidth: MIN_WIDTHS[c.name],
  }));
  return (
    <DataTable
      caption="Leads"
      columns={shown}
      rows={rows}
      rowKey={(row) => row.lead_id}
      sort={props.sort}
      onSort={props.onSort}
      onResize={props.onResize}
      onRowClick={props.onOpen}
      loading={props.loading}
      error={props.error}
      fit={props.fit}
      rowHeight={props.fit ? 60 : 48}
      cellText={(row, name) => (name === 'cost' ? COST_TOOLTIP : cellText(row, name, zone))}
      rowClassName={(row) => (marks.has(row.lead_id) ? 'leads-row--marked' : undefined)}
      cell={(row, name) => {
        const text = cellText(row, name, zone);
        if (name === 'created_at' && props.fit) {
          const value = row.data.find((c) => c.name === name)?.value;
          return (
            <span className="leads-cell-stack">
              <span>{formatDay(value, zone)}</span>
              <span className="leads-cell-stack__sub">{formatTimeOfDay(value, zone)}</span>
            </span>
          );
        }
        if (name !== 'name') return text;
        const mark = marks.get(row.lead_id);
        return (
          <span className={props.fit ? 'leads-name leads-name--stacked' : 'leads-name'}>
            <button
              type="button"
              className="leads-table__open"
              onClick={(event) => {
                event.stopPropagation();
                props.onOpen(row);
              }}
            >
              {text || row.ref_id}
            </button>
            <span className="leads-name__marks">
              <span className={`lead-type lead-type--${row.lead_type.toLowerCase()}`}>{row.lead_type}</span>
              {mark === 'pending' ? <PendingSyncMarker pending /> : null}
              {mark === 'failed' ? (
                <span
                  className="review-failed-mark"
                  title="The review request was not accepted: open the lead"
                >
                  Not sent
                </span>
              ) : null}
            </span>
          </span>
        );
      }}
    />
  );
}
