/**
 * What the pay dialog says once Pay is pressed: sending, then settling while the provider
 * processes the charge (busy, never an error), then the outcome: 'Invoice payment request sent
 * successfully.' with the status Paid and the receipt, or Failed with the provider's reason.
 * Props in, JSX out.
 */
import { BILLING_MESSAGES, type Invoice, type InvoicePayment } from '../../api/contracts/billing';
import { InvoiceReceipt } from './invoice-receipt';
import { InvoiceStatus } from './invoice-status';

export type PayPhase =
  | { kind: 'sending' }
  | { kind: 'settling' }
  | { kind: 'settled'; invoice: Invoice; payment: InvoicePayment }
  /** The server says the invoice is already paid or being paid by someone else. */
  | { kind: 'taken'; message: string };

export function PayOutcome({ phase, zone }: { phase: PayPhase; zone?: string | null }) {
  if (phase.kind === 'sending' || phase.kind === 'settling') {
    return (
      <p className="pay-outcome pay-outcome--busy" role="status">
        <span className="spinner" aria-hidden="true" />{' '}
        {phase.kind === 'sending' ? 'Sending your payment...' : BILLING_MESSAGES.settling}
      </p>
    );
  }
  if (phase.kind === 'taken') {
    return (
      <p className="pay-outcome pay-outcome--info" role="status">
        {phase.message}
      </p>
    );
  }
  const { invoice, payment } = phase;
  if (payment.status === 'failed') {
    return (
      <div className="pay-outcome pay-outcome--failed" role="alert">
        <p>
          <strong>Payment failed:</strong> {payment.failure_message ?? BILLING_MESSAGES.paymentFailed}
        </p>
        <p>
          Status: <InvoiceStatus status={invoice.status} />
        </p>
      </div>
    );
  }
  return (
    <div className="pay-outcome pay-outcome--paid">
      <p role="status">
        <strong>{BILLING_MESSAGES.paymentSent}</strong>
      </p>
      <p>
        Status: <InvoiceStatus status={invoice.status} />
      </p>
      <InvoiceReceipt invoice={invoice} zone={zone} />
    </div>
  );
}
