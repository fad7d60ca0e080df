/**
 * The Pay Now flow (spec part 3 §2.11, §4 "Pay flow"): the invoice details, then either the saved
 * method picker or the add-card form, which comes back to the details with the new method
 * selected and labelled 'Recently added'. One modal whose content follows the step.
 *
 * - Back on the details (a method picked, a card added, or Back), focus returns to the button
 *   that opened the picker or the card form, not to the page.
 * - Submit is disabled until a method is chosen; the amount is the outstanding amount when
 *   partially paid, otherwise the full amount.
 * - One payment per dialog: a ref (not only state, which a second click can beat) stops a second
 *   submit, and the request's Idempotency-Key is made once per dialog, so pressing Pay twice, or
 *   again after a timeout, is one payment. Offline it refuses with the connection message.
 * - After the request the dialog stays, busy, while the charge settles (use-settlement.ts), then
 *   says the outcome (pay-outcome.tsx): 'Invoice payment request sent successfully.' with Paid and
 *   the receipt, or Failed with the reason. Only the server's settled payment decides "failed";
 *   an invoice already paid or being paid elsewhere is said plainly, never as a red error.
 */
import { useEffect, useRef, useState } from 'react';
import { BILLING_MESSAGES, type Invoice } from '../../api/contracts/billing';
import { ApiError } from '../../api/errors';
import { Modal } from '../../ui/modal';
import { toastSuccess } from '../../ui/toast';
import { PaymentForm } from '../../widgets/payment-form/payment-form';
import { newPaymentKey, payInvoice } from './billing-api';
import { amountDue, formatMoney, methodLabel } from './format';
import { InvoiceFacts } from './invoice-facts';
import { type Chosen, MethodPicker } from './method-picker';
import { PayOutcome, type PayPhase } from './pay-outcome';
import { useSettlement } from './use-settlement';

type Step = 'details' | 'picker' | 'add';

export type PayDialogProps = {
  invoice: Invoice;
  zone?: string | null;
  onClose: () => void;
  /** The invoice as the payment changes it: Pending once requested, then Paid or Failed. */
  onChange: (invoice: Invoice) => void;
};

const TITLES: Record<Step, string> = {
  details: 'Invoice Details',
  picker: 'Select Payment Method',
  add: 'Add New Card',
};

/** Refusals that are not failures: the invoice is paid, or its payment is already on its way. */
const TAKEN: readonly string[] = [BILLING_MESSAGES.alreadyPaid, BILLING_MESSAGES.inProgress];

export function PayDialog({ invoice, zone, onClose, onChange }: PayDialogProps) {
  const [step, setStepNow] = useState<Step>('details');
  // Back on the details, focus returns to the button that opened the picker or the card form.
  const opener = useRef<Step | null>(null);
  const openers = { picker: useRef<HTMLButtonElement>(null), add: useRef<HTMLButtonElement>(null) };
  const setStep = (next: Step) => {
    if (next !== 'details') opener.current = next;
    setStepNow(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable; the step decides
  useEffect(() => {
    if (step !== 'details' || !opener.current || opener.current === 'details') return;
    openers[opener.current].current?.focus();
    opener.current = null;
  }, [step]);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [key] = useState(newPaymentKey);
  const sent = useRef(false);
  const [phase, setPhase] = useState<PayPhase | null>(null);
  /** The invoice as the payment last changed it (Pending once requested). */
  const [current, setCurrent] = useState(invoice);
  const [paymentId, setPaymentId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amount = amountDue(invoice);
  const settlement = useSettlement(invoice.id, paymentId);

  const settled = settlement && settlement.payment.status !== 'pending' ? settlement : null;
  const told = useRef(false);
  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    setPhase({ kind: 'settled', invoice: settled.invoice, payment: settled.payment });
    setCurrent(settled.invoice);
    if (settled.payment.status === 'succeeded') toastSuccess(BILLING_MESSAGES.paymentSent);
    onChange(settled.invoice);
  }, [settled, onChange]);

  async function pay() {
    if (!chosen || sent.current) return;
    sent.current = true;
    setPhase({ kind: 'sending' });
    setError(null);
    try {
      const answer = await payInvoice(invoice.id, { amount: Number(amount), pm_ref_id: chosen.ref_id }, key);
      onChange(answer.invoice);
      setCurrent(answer.invoice);
      setPhase({ kind: 'settling' });
      setPaymentId(answer.payment.id);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : String(failure);
      if (TAKEN.includes(message)) {
        setPhase({ kind: 'taken', message });
        return;
      }
      // Nothing was charged (a refusal, or offline before sending): the customer may try again.
      sent.current = false;
      setPhase(null);
      setError(message);
    }
  }

  const busy = phase?.kind === 'sending' || phase?.kind === 'settling';
  const over = phase?.kind === 'settled' || phase?.kind === 'taken';
  const back = (
    <button type="button" className="button button--ghost" onClick={() => setStep('details')}>
      Back
    </button>
  );
  return (
    <Modal
      title={TITLES[step]}
      onClose={onClose}
      footer={
        step !== 'details' ? (
          back
        ) : over ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {busy ? 'Close' : 'Cancel'}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!chosen || busy}
              aria-busy={busy || undefined}
              onClick={() => void pay()}
            >
              {busy ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Processing...
                </>
              ) : (
                `Pay ${formatMoney(amount)}`
              )}
            </button>
          </>
        )
      }
    >
      {step === 'details' ? (
        <div className="pay-details">
          <InvoiceFacts invoice={current} amount={amount} />
          <div className="pay-details__method">
            <span className="pay-details__label">Payment method</span>
            <strong data-testid="pay-method">{chosen ? chosen.label : 'None selected'}</strong>
            {chosen?.recent ? <span className="pay-details__recent">Recently added</span> : null}
          </div>
          {phase ? (
            <PayOutcome phase={phase} zone={zone} />
          ) : (
            <div className="pay-details__actions">
              <button
                ref={openers.picker}
                type="button"
                className="button button--ghost"
                onClick={() => setStep('picker')}
              >
                Choose Payment Method
              </button>
              <button
                ref={openers.add}
                type="button"
                className="button button--ghost"
                onClick={() => setStep('add')}
              >
                Add New Card
              </button>
            </div>
          )}
          {error ? (
            <p className="form__notice" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      {step === 'picker' ? (
        <MethodPicker
          invoiceId={invoice.id}
          selected={chosen?.ref_id ?? null}
          onPick={(pick) => {
            setChosen(pick);
            setStep('details');
          }}
        />
      ) : null}
      {step === 'add' ? (
        <PaymentForm
          platform="bpr"
          context="invoices"
          invoiceId={invoice.id}
          onAdded={(method) => {
            setChosen({
              ref_id: method.ref_id,
              label: methodLabel({ ...method, account_number: null }),
              recent: true,
            });
            setStep('details');
          }}
        />
      ) : null}
    </Modal>
  );
}
