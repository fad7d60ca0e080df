/**
 * What the customer owes across all their invoices, whatever range the list shows ("You owe
 * $X across N invoices"), with the way to list exactly those (the unpaid filter) and back. The
 * figure comes with the list's answer, so it reads offline "as of" like the rest of the screen.
 * Props in, JSX out.
 */
import type { InvoicesOwed as Owed } from '../../api/contracts/billing';
import { formatMoney } from './format';

export type InvoicesOwedProps = {
  owed: Owed;
  unpaidOnly: boolean;
  onShowUnpaid: () => void;
  onShowAll: () => void;
};

export function InvoicesOwed({ owed, unpaidOnly, onShowUnpaid, onShowAll }: InvoicesOwedProps) {
  if (unpaidOnly)
    return (
      <p className="invoices-owed" role="status">
        Showing every invoice you still owe, from any date.{' '}
        <button type="button" className="link-button" onClick={onShowAll}>
          Back to all invoices
        </button>
      </p>
    );
  if (owed.count === 0)
    return (
      <p className="invoices-owed invoices-owed--clear" role="status">
        You're all paid up: nothing is owed on any invoice.
      </p>
    );
  return (
    <p className="invoices-owed" role="status">
      You owe <strong>{formatMoney(owed.amount)}</strong> across {owed.count}{' '}
      {owed.count === 1 ? 'invoice' : 'invoices'}.{' '}
      <button type="button" className="link-button" onClick={onShowUnpaid}>
        View unpaid invoices
      </button>
    </p>
  );
}
