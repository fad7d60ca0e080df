/**
 * A Failed invoice says what happened and what to do. What happened: the charge (automatic for
 * the products billed to the method on file; the customer's own payment for BPR Reports) failed,
 * on which method, when and why (the invoice's latest payment, else its method). What to do:
 * update that payment method, which charges the invoice again (server/domain/billing/
 * failed-retry.ts), or contact the account manager (GET /account_manager, as the overview's
 * widget reads it). Pay Now stays off for Failed (spec part 3 §2.11): only these two fix it.
 */
import './failed-charge.css';
import { Link } from 'wouter';
import { type Invoice, PAYABLE_PRODUCT } from '../../api/contracts/billing';
import { endpointPath } from '../../api/contracts/endpoints';
import { AccountManagerResponse } from '../../api/contracts/tasks';
import { ROUTES } from '../../lib/routes';
import { useCachedRead } from '../../sync/use-cached-read';
import { EmailText } from '../../ui/email-text';
import { Modal } from '../../ui/modal';
import { formatMoney, formatTime, methodLabel } from './format';

const MANAGER_PATH = endpointPath('GET /account_manager');

/** "The automatic charge to VISA **** 1117 failed" (the short line of a card). */
export function failedCharge(invoice: Invoice): string {
  const failed = invoice.payment?.status === 'failed' ? invoice.payment : null;
  const method =
    failed?.method ?? (typeof invoice.payment_method === 'object' ? invoice.payment_method : null);
  const what = invoice.product_key === PAYABLE_PRODUCT ? 'The payment' : 'The automatic charge';
  return `${what}${method ? ` to ${methodLabel(method)}` : ''} failed`;
}

/** What happened, in full: the short line, when, the amount and the provider's reason. */
export function failedChargeText(invoice: Invoice, zone?: string | null): string {
  const failed = invoice.payment?.status === 'failed' ? invoice.payment : null;
  const at = failed?.settled_at ?? failed?.created_at;
  const amount = formatMoney(failed?.amount ?? invoice.outstanding_amount);
  const reason = failed?.failure_message?.trim();
  return `${failedCharge(invoice)}${at ? ` on ${formatTime(at, zone)}` : ''} (${amount})${reason ? `: ${reason}` : '.'}`;
}

export type FailedChargeDialogProps = { invoice: Invoice; zone?: string | null; onClose: () => void };

export function FailedChargeDialog({ invoice, zone, onClose }: FailedChargeDialogProps) {
  const manager = useCachedRead(AccountManagerResponse, MANAGER_PATH, { freshForMs: 60_000 }).data
    ?.account_manager;
  return (
    <Modal
      title={`${invoice.name}: payment failed`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          <Link className="button button--primary" href={ROUTES.paymentMethods}>
            Update payment method
          </Link>
        </>
      }
    >
      <div className="failed-charge">
        <p className="failed-charge__what">{failedChargeText(invoice, zone)}</p>
        <p>
          {formatMoney(invoice.outstanding_amount)} is still owed on this invoice. It can't be paid with Pay
          Now; to settle it:
        </p>
        <ul className="failed-charge__steps">
          <li>
            Update the payment method (Payment Methods: edit the card, or assign this invoice's account,{' '}
            {invoice.account_name}, to another one). The invoice is charged again as soon as you save.
          </li>
          <li>
            Or contact your account manager
            {manager ? (
              <>
                , {manager.name}, at{' '}
                <a className="failed-charge__email" href={`mailto:${manager.email}`}>
                  <EmailText email={manager.email} />
                </a>
              </>
            ) : null}
            .
          </li>
        </ul>
      </div>
    </Modal>
  );
}
