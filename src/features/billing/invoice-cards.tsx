/**
 * The invoices on a narrow screen (500 px or less, spec part 3 §9): one card per invoice with the
 * table's fields stacked, so Amount, Status, Pay Now and the PDF are in view without scrolling
 * sideways. The same props and texts as the wide table; Pay Now shows only on a payable invoice.
 * Props in, JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { formatDate, formatMoney, formatTime, invoiceMethodText } from './format';
import type { InvoicesTableProps } from './invoices-table';

export function InvoiceCards({ rows, onPay, onDownload, downloading, zone, loading }: InvoicesTableProps) {
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
          onPay={onPay}
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
  onPay: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
};

function InvoiceCard({ row, zone, busy, onPay, onDownload }: CardProps) {
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
        <span className={`invoice-status invoice-status--${row.status.replace(' ', '-').toLowerCase()}`}>
          {row.status}
        </span>
      </div>
      <p className="invoice-card__amount">{formatMoney(row.amount)}</p>
      <dl className="invoice-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="invoice-card__actions">
        {row.payable ? (
          <button
            type="button"
            className="button button--primary button--small invoice-card__action"
            aria-label={`Pay Now ${row.name}`}
            onClick={() => onPay(row)}
          >
            Pay Now
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small invoice-card__action"
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
