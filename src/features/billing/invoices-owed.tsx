/**
 * What the customer owes across all their invoices, whatever range the list shows ("You owe
 * $X across N invoices"), with the way to list exactly those (the unpaid filter) and back. The
 * figure comes with the list's answer, so it reads offline "as of" like the rest of the screen.
 * In the same line, what of that can be paid now (Pay Now) apart from what needs the customer's
 * payment method (Failed charges: updating the method charges them again) and what is charged to
 * the method on file without them doing anything. An answer stored before the parts existed says the
 * total only. Props in, JSX out.
 */
import './failed-charge.css';
import { Link } from 'wouter';
import type { InvoicesOwed as Owed, OwedPart } from '../../api/contracts/billing';
import { ROUTES } from '../../lib/routes';
import { formatMoney } from './format';

const invoicesText = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

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
        <span>
          Showing every invoice you still owe, from any date.{' '}
          <button type="button" className="link-button" onClick={onShowAll}>
            Back to all invoices
          </button>
        </span>
      </p>
    );
  if (owed.count === 0)
    return (
      <p className="invoices-owed invoices-owed--clear" role="status">
        <span>You're all paid up: nothing is owed on any invoice.</span>
      </p>
    );
  const rest = restOf(owed);
  const split = owed.payable && owed.failed && (owed.failed.count > 0 || rest) ? owed : null;
  // One line at laptop widths, as tall as its stand-in while the list loads (nothing moves).
  return (
    <p className="invoices-owed" role="status">
      <span>
        You owe <strong>{formatMoney(owed.amount)}</strong> across {invoicesText(owed.count)}
        {split?.payable && split.failed ? (
          <>
            :{' '}
            {split.payable.count > 0 ? (
              <span className="invoices-owed__part">
                <strong>{formatMoney(split.payable.amount)}</strong> can be paid now
                {split.failed.count > 0 || rest ? '; ' : ''}
              </span>
            ) : null}
            {split.failed.count > 0 ? (
              <span className="invoices-owed__part invoices-owed__failed">
                <strong>{formatMoney(split.failed.amount)}</strong> needs your payment method (a charge
                failed:{' '}
                <Link href={ROUTES.paymentMethods} aria-label="update it (the payment method)">
                  update it
                </Link>
                ){rest ? '; ' : ''}
              </span>
            ) : null}
            {rest ? (
              <span className="invoices-owed__part">
                <strong>{formatMoney(rest.amount)}</strong> is charged automatically
              </span>
            ) : null}
            .{' '}
          </>
        ) : (
          '. '
        )}
        <button type="button" className="link-button" onClick={onShowUnpaid}>
          View unpaid invoices
        </button>
      </span>
    </p>
  );
}
