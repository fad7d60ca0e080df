/**
 * The invoices on a narrow screen (500 px or less, spec part 3 §9): one card per invoice with the
 * table's fields stacked, so Amount (with what is still owed), Status, Pay Now and the PDF are in
 * view without scrolling sideways; a Failed one says which charge failed, with its "What to do". The same props and texts as the wide table; Pay Now shows only on a payable invoice,
 * Paid (with the receipt) on a paid one.
 * Props in, JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { failedCharge } from './failed-charge';
import { invoiceControl } from './focus-row';
import { formatDate, formatMoney, formatTime, invoiceMethodText, stillOwed } from './format';
import { InvoiceStatus } from './invoice-status';
import { PayCell } from './pay-cell';

/** The wide table's props (invoices-table.tsx) but its sort. */
export type InvoiceCardsProps = {
  rows: Invoice[];
  onPay: (invoice: Invoice) => void;
  onReceipt: (invoice: Invoice) => void;
  /** A Failed invoice's "What to do" (failed-charge.tsx). */
  onFailed: (invoice: Invoice) => void;
  /** Staff impersonating the customer: paying is off. */
  staff: boolean;
  onDownload: (invoice: Invoice) => void;
  downloading: number | null;
  zone?: string | null;
  loading?: boolean;
};

export function InvoiceCards({
  rows,
  onPay,
  onReceipt,
  onFailed,
  staff,
  onDownload,
  downloading,
  zone,
  loading,
}: InvoiceCardsProps) {
  if (!rows.length) {
    return loading ? (
      <p className="invoice-cards__empty" aria-busy="true">
        Loading invoices
      </p>
    ) : (
      <p className="invoice-cards__empty">No data available</p>
    );
  }
  return (
    <ul
      className={`invoice-cards${loading ? ' invoice-cards--loading' : ''}`}
      aria-label="Invoices"
      aria-busy={loading || undefined}
    >
      {rows.map((row) => (
        <InvoiceCard
          key={row.id}
          row={row}
          zone={zone}
          busy={downloading === row.id}
          staff={staff}
          onPay={onPay}
          onReceipt={onReceipt}
          onFailed={onFailed}
          onDownload={onDownload}
        />
      ))}
    </ul>
  );
}

type CardProps = {
  row: Invoice;
  zone?: string | null;
  busy: boolean;
  staff: boolean;
  onPay: (invoice: Invoice) => void;
  onReceipt: (invoice: Invoice) => void;
  onFailed: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
};

function InvoiceCard({ row, zone, busy, staff, onPay, onReceipt, onFailed, onDownload }: CardProps) {
  const owed = stillOwed(row);
  const facts: [string, string][] = [
    ['Date & Time', formatTime(row.created_at, zone)],
    ['Due Date', formatDate(row.due_date)],
    ['Account', row.account_name],
    ['Product', `${row.product_name} · ${row.platform.toUpperCase()}`],
    ['Payment Method', invoiceMethodText(row)],
  ];
  return (
    <li className="invoice-card">
      <div className="invoice-card__head">
        <strong className="invoice-card__name">{row.name}</strong>
        <InvoiceStatus status={row.status} />
      </div>
      <p className="invoice-card__amount">
        {formatMoney(row.amount)}
        {owed ? <span className="invoice-card__owed">{owed}</span> : null}
      </p>
      {row.status === 'Failed' ? <p className="invoice-card__failed">{failedCharge(row)}.</p> : null}
      <dl className="invoice-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="invoice-card__actions">
        {row.payable || ['Paid', 'Pending', 'Failed'].includes(row.status) ? (
          <PayCell
            row={row}
            staff={staff}
            onPay={onPay}
            onReceipt={onReceipt}
            onFailed={onFailed}
            className="invoice-card__action"
          />
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small invoice-card__action"
          {...invoiceControl(row.id)}
          aria-label={`Download PDF ${row.name}`}
          disabled={busy}
          onClick={() => onDownload(row)}
        >
          {busy ? 'Downloading' : 'PDF'}
        </button>
      </div>
    </li>
  );
}
