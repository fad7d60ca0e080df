/**
 * An invoice's details as the pay dialog and the receipt dialog show them (with the amount to pay
 * while paying). Props in, JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { formatDate, formatMoney } from './format';
import { InvoiceStatus } from './invoice-status';

export function InvoiceFacts({ invoice, amount }: { invoice: Invoice; amount?: string }) {
  return (
    <dl className="pay-details__facts">
      <dt>Invoice</dt>
      <dd>{invoice.name}</dd>
      <dt>Product</dt>
      <dd>{invoice.product_name}</dd>
      <dt>Account</dt>
      <dd>{invoice.account_name}</dd>
      <dt>Status</dt>
      <dd>
        <InvoiceStatus status={invoice.status} />
      </dd>
      <dt>Due date</dt>
      <dd>{formatDate(invoice.due_date)}</dd>
      <dt>Invoice amount</dt>
      <dd>{formatMoney(invoice.amount)}</dd>
      {amount !== undefined ? (
        <>
          <dt>Amount to pay</dt>
          <dd className="pay-details__due">{formatMoney(amount)}</dd>
        </>
      ) : null}
    </dl>
  );
}
