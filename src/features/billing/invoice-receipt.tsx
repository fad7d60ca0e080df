/**
 * The receipt of a paid invoice: the payment's date (in the customer's zone), method, amount and
 * the provider's confirmation number; an invoice paid outside the portal shows what it knows.
 * Props in, JSX out.
 */
import type { Invoice, InvoicePayment } from '../../api/contracts/billing';
import { formatMoney, formatTime, invoiceMethodText, methodLabel } from './format';

/** The receipt of a paid invoice: its succeeded payment, else what the invoice itself says. */
export function InvoiceReceipt({ invoice, zone }: { invoice: Invoice; zone?: string | null }) {
  const payment: InvoicePayment | null = invoice.payment?.status === 'succeeded' ? invoice.payment : null;
  const paidAt = payment?.settled_at ?? invoice.paid_at;
  const rows: [string, string][] = [
    ['Paid on', paidAt ? formatTime(paidAt, zone) : '-'],
    ['Method', payment?.method ? methodLabel(payment.method) : invoiceMethodText(invoice)],
    ['Amount paid', formatMoney(payment?.amount ?? invoice.amount)],
    ['Confirmation number', payment?.confirmation ?? '-'],
  ];
  return (
    <section className="invoice-receipt" aria-label="Receipt">
      <h3 className="invoice-receipt__title">Payment received</h3>
      <dl className="invoice-receipt__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
