/**
 * The invoices table (spec part 3 §2.11): DATE & TIME (sortable), INVOICE, PRODUCT, PLATFORM,
 * ACCOUNT, PAYMENT METHOD, STATUS, DUE DATE, AMOUNT, PAY NOW and DOWNLOAD. Pay Now is active
 * only for a payable invoice (bpr reports, Unpaid or Partially paid); a paid one says Paid and
 * opens its receipt (pay-cell.tsx). Amount, Pay Now and Download stay
 * in view when the table scrolls sideways; narrow screens get cards (invoice-cards.tsx). Props in,
 * JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { type Column, DataTable, type Sort } from '../../ui/table/data-table';
import { useNarrow } from '../../ui/use-narrow';
import { invoiceControl } from './focus-row';
import { formatDate, formatMoney, formatTime, invoiceMethodText, stillOwed } from './format';
import { InvoiceCards, type InvoiceCardsProps } from './invoice-cards';
import { InvoiceStatus } from './invoice-status';
import { PayCell } from './pay-cell';

/** The cards' props and the sort the wide table adds. */
type InvoicesTableProps = InvoiceCardsProps & {
  sort: Sort;
  onSort: (column: string) => void;
};

// minWidth: what the column's usual content needs whole ('11/01/2026, 10:45 AM', 'INV-2026-00548',
// '$25,123.45' and '$667.20 owed' under it, the Partially paid badge, the buttons with 'What to
// do'); the text columns give way first.
const COLUMNS: Column[] = [
  { name: 'created_at', label: 'Date & Time', width: 200, sortable: true, minWidth: 200 },
  { name: 'name', label: 'Invoice', width: 150, minWidth: 150 },
  { name: 'product_name', label: 'Product', width: 150 },
  { name: 'platform', label: 'Platform', width: 110 },
  { name: 'account_name', label: 'Account', width: 200 },
  { name: 'payment_method', label: 'Payment Method', width: 180 },
  { name: 'status', label: 'Status', width: 140, minWidth: 128 },
  { name: 'due_date', label: 'Due Date', width: 120, minWidth: 108 },
  { name: 'amount', label: 'Amount', width: 150, minWidth: 146, pinEnd: true },
  { name: 'pay', label: 'Pay Now', width: 144, minWidth: 144, pinEnd: true },
  { name: 'download', label: 'Download', width: 120, minWidth: 104, pinEnd: true },
];

function text(row: Invoice, name: string, zone?: string | null): string {
  switch (name) {
    case 'created_at':
      return formatTime(row.created_at, zone);
    case 'payment_method':
      return invoiceMethodText(row);
    case 'due_date':
      return formatDate(row.due_date);
    case 'amount':
      return formatMoney(row.amount);
    case 'platform':
      return row.platform.toUpperCase();
    case 'pay':
    case 'download':
      return '';
    default:
      return String(row[name as keyof Invoice] ?? '');
  }
}

/** The amount, with what is still owed under it when that is not the whole amount. */
function AmountCell({ row }: { row: Invoice }) {
  const owed = stillOwed(row);
  return (
    <>
      {formatMoney(row.amount)}
      {owed && row.outstanding_amount !== row.amount ? (
        <span className="invoice-owed-part">{formatMoney(row.outstanding_amount)} owed</span>
      ) : null}
    </>
  );
}

export function InvoicesTable(props: InvoicesTableProps) {
  const { zone } = props;
  const narrow = useNarrow();
  if (narrow) return <InvoiceCards {...props} />;
  return (
    <DataTable
      caption="Invoices"
      columns={COLUMNS}
      rows={props.rows}
      rowKey={(row) => row.id}
      sort={props.sort}
      onSort={props.onSort}
      loading={props.loading}
      cellText={(row, name) => text(row, name, zone)}
      cell={(row, name) => {
        if (name === 'status') return <InvoiceStatus status={row.status} />;
        if (name === 'pay')
          return (
            <PayCell
              row={row}
              staff={props.staff}
              onPay={props.onPay}
              onReceipt={props.onReceipt}
              onFailed={props.onFailed}
            />
          );
        if (name === 'amount') return <AmountCell row={row} />;
        if (name === 'download')
          return (
            <button
              type="button"
              className="button button--ghost button--small"
              {...invoiceControl(row.id)}
              aria-label={`Download PDF ${row.name}`}
              disabled={props.downloading === row.id}
              onClick={() => props.onDownload(row)}
            >
              {props.downloading === row.id ? 'Downloading' : 'PDF'}
            </button>
          );
        return text(row, name, zone);
      }}
    />
  );
}
