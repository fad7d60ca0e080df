/**
 * The PAY NOW cell of an invoice (table and cards): Pay Now while payable; "Paid" (opening the
 * receipt) once paid; "Processing" while a payment settles; "What to do" on a Failed invoice (it
 * is not payable: failed-charge.tsx says why and how to settle it); otherwise Pay Now visibly
 * disabled.
 * For staff impersonating the customer Pay Now is off and points to the note saying why.
 * Props in, JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { invoiceControl } from './focus-row';
import { STAFF_NOTE_ID } from './staff-view';

export type PayCellProps = {
  row: Invoice;
  staff: boolean;
  onPay: (invoice: Invoice) => void;
  onReceipt: (invoice: Invoice) => void;
  onFailed: (invoice: Invoice) => void;
  className?: string;
};

export function PayCell({ row, staff, onPay, onReceipt, onFailed, className = '' }: PayCellProps) {
  if (row.status === 'Paid')
    return (
      <button
        type="button"
        {...invoiceControl(row.id)}
        className={`button button--ghost button--small invoice-paid ${className}`}
        aria-label={`Paid, view receipt ${row.name}`}
        onClick={() => onReceipt(row)}
      >
        <span aria-hidden="true">✓</span> Paid
      </button>
    );
  if (row.status === 'Failed')
    return (
      <button
        type="button"
        {...invoiceControl(row.id)}
        className={`button button--ghost button--small invoice-failed ${className}`}
        aria-label={`What to do: payment failed, ${row.name}`}
        onClick={() => onFailed(row)}
      >
        What to do
      </button>
    );
  if (row.status === 'Pending') return <span className="invoice-processing">Processing</span>;
  const off = !row.payable || staff;
  return (
    <button
      type="button"
      {...invoiceControl(row.id)}
      className={`button button--primary button--small ${className}`}
      disabled={off}
      aria-label={`Pay Now ${row.name}`}
      aria-describedby={row.payable && staff ? STAFF_NOTE_ID : undefined}
      onClick={() => onPay(row)}
    >
      Pay Now
    </button>
  );
}
