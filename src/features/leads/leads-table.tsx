/**
 * The leads table: the rows' cells in the configured columns, formatted for reading, with the
 * lead's name as the keyboard way into its drawer, its Call/Form badge (never cut: the name gives
 * way first), "Pending sync" / "Review not sent" marks for reviews still in the outbox, the time
 * left in the lead's review window (counted on the device at `now`), and a last Contact column
 * with the row's Call and Email actions (lead-contact.tsx).
 * Phone numbers read (512) 555-0094. On a phone (`fit`) rows are stacked: the name (wrapping, never
 * cut to "Rebecca Richa…") over its badge, day over time. Props in, JSX out.
 */
import { memo, type ReactNode } from 'react';
import type { LeadRow } from '../../api/contracts/leads';
import { SORTABLE_LEAD_COLUMNS } from '../../api/contracts/leads';
import type { TableColumn } from '../../api/contracts/toolbar';
import { displayPhone } from '../../lib/phone';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { type Column, DataTable, type Sort } from '../../ui/table/data-table';
import { formatDay, formatMoney, formatTime, formatTimeOfDay } from './format';
import { LeadContact } from './lead-contact';
import { COST_TOOLTIP } from './messages';
import { reviewCountdown, reviewTimeLeft } from './review-countdown';

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
  /** Said when the list is empty. */
  emptyText?: string;
  /** The device's time, for the review windows' countdown (use-now.ts). */
  now: number;
};

/** The last column: the row's Call and Email actions. */
export const CONTACT_COLUMN = 'contact';

const SORTABLE = new Set<string>(SORTABLE_LEAD_COLUMNS);

/** Widths until the user drags their own (px, within the 101-600 bounds). */
export const DEFAULT_WIDTHS: Record<string, number> = {
  name: 240,
  created_at: 236,
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
// created_at: '12/07/2026, 11:03 PM CST' whole, its zone included.
const MIN_WIDTHS: Record<string, number> = { name: 200, created_at: 228, cost: 96 };

export function cellText(row: LeadRow, name: string, zone?: string | null): string {
  const value = row.data.find((c) => c.name === name)?.value ?? '';
  if (name === 'created_at') return formatTime(value, zone);
  if (name === 'phone_number') return displayPhone(value);
  if (name === 'cost') return value === '' ? '' : formatMoney(value);
  if (name === 'billable') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : '';
  return value;
}

/**
 * Memoised: the screen re-renders for every read that answers (settings, filters, columns, the
 * bell), and the rows re-render only when something they show changes. Its callbacks are stable
 * (leads-page.tsx).
 */
export const LeadsTable = memo(function LeadsTable(props: LeadsTableProps) {
  const { rows, columns, marks, zone } = props;
  const shown: Column[] = columns.map((c) => ({
    name: c.name,
    // A phone's column shows the day over the time: 'Date' is all its header has room for.
    label: c.name === 'created_at' ? (props.fit ? 'Date' : 'Date & Time') : c.label,
    width: c.width ?? DEFAULT_WIDTHS[c.name] ?? null,
    sortable: SORTABLE.has(c.name),
    minWidth: MIN_WIDTHS[c.name],
  }));
  shown.push({
    name: CONTACT_COLUMN,
    label: 'Contact',
    width: props.fit ? 101 : 124,
    minWidth: props.fit ? undefined : 124,
    pinEnd: true,
  });
  return (
    <DataTable
      caption="Leads"
      columns={shown}
      rows={rows}
      rowKey={(row) => row.lead_id}
      sort={props.sort}
      onSort={props.onSort}
      // The Contact column is this table's own, not one of the user's: its width is not saved.
      onResize={
        props.onResize && ((column, width) => column !== CONTACT_COLUMN && props.onResize?.(column, width))
      }
      onRowClick={props.onOpen}
      loading={props.loading}
      error={props.error}
      fit={props.fit}
      rowHeight={props.fit ? 88 : 48}
      emptyText={props.emptyText}
      cellText={(row, name) =>
        name === 'cost' ? COST_TOOLTIP : name === CONTACT_COLUMN ? '' : cellText(row, name, zone)
      }
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
        if (name === CONTACT_COLUMN) {
          return <LeadContact row={row} name={cellText(row, 'name')} compact={props.fit} />;
        }
        if (name !== 'name') return text;
        const mark = marks.get(row.lead_id);
        const countdown = reviewCountdown(row, props.now);
        return (
          <span className="leads-name-cell">
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
            {countdown ? (
              <span className="review-window-note" title={countdown}>
                <span aria-hidden="true">Review: {reviewTimeLeft(row, props.now)} left</span>
                <span className="visually-hidden">{countdown}</span>
              </span>
            ) : null}
          </span>
        );
      }}
    />
  );
});
