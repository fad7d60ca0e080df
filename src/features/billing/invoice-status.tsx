/** An invoice status as a coloured badge (billing.css .invoice-status--*). Props in, JSX out. */
import type { Invoice } from '../../api/contracts/billing';

export function InvoiceStatus({ status }: { status: Invoice['status'] }) {
  return (
    <span className={`invoice-status invoice-status--${status.replace(' ', '-').toLowerCase()}`}>
      {status}
    </span>
  );
}
