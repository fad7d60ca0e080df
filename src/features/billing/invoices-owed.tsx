/**
 * What the customer owes across all their invoices, whatever range the list shows ("You owe
 * $X across N invoices"), with the way to list exactly those (the unpaid filter) and back. The
 * figure comes with the list's answer, so it reads offline "as of" like the rest of the screen.
 * Under it, what of that can be paid now (Pay Now) apart from what needs the customer's payment
 * method (Failed charges: updating the method charges them again) and what is charged to the
 * method on file without them doing anything. An answer stored before the parts existed says the
 * total only. Props in, JSX out.
 */
import './failed-charge.css';
import { Link } from 'wouter';
import type { InvoicesOwed as Owed, OwedPart } from '../../api/contracts/billing';
import { ROUTES } from '../../lib/routes';
import { formatMoney } from './format';

const invoicesText = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;
const partText = (part: OwedPart) => `${formatMoney(part.amount)} (${invoicesText(part.count)})`;

/** The rest: owed, neither payable now nor failed (billed to the method on file). */
function restOf(owed: Owed): OwedPart | null {
  if (!owed.payable || !owed.failed) return null;
  const count = owed.count - owed.payable.count - owed.failed.count;
  const cents =
    Math.round(Number(owed.amount) * 100) -
    Math.round(Number(owed.payable.amount) * 100) -
    Math.round(Number(owed.failed.amount) * 100);
  return count > 0 ? { amount: (cents / 100).toFixed(2), count } : null;
}

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
  const rest = restOf(owed);
  return (
    <div className="invoices-owed" role="status">
      <p>
        You owe <strong>{formatMoney(owed.amount)}</strong> across {invoicesText(owed.count)}.{' '}
        <button type="button" className="link-button" onClick={onShowUnpaid}>
          View unpaid invoices
        </button>
      </p>
      {owed.payable && owed.failed && (owed.failed.count > 0 || rest) ? (
        <ul className="invoices-owed__parts">
          {owed.payable.count > 0 ? (
            <li>
              <strong>Can pay now:</strong> {partText(owed.payable)}, with Pay Now.
            </li>
          ) : null}
          {owed.failed.count > 0 ? (
            <li className="invoices-owed__failed">
              <strong>Needs your payment method:</strong> {partText(owed.failed)}.{' '}
              {owed.failed.count === 1 ? 'Its charge' : 'Their charges'} failed:{' '}
              <Link href={ROUTES.paymentMethods}>update the payment method</Link> and{' '}
              {owed.failed.count === 1 ? 'it is' : 'they are'} charged again.
            </li>
          ) : null}
          {rest ? (
            <li>
              <strong>Charged automatically:</strong> {partText(rest)}, to the payment method on file.
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
