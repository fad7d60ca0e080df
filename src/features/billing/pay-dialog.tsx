/**
 * The Pay Now flow (spec part 3 §2.11, §4 "Pay flow"): the invoice details, then either the saved
 * method picker or the add-card form, which comes back to the details with the new method
 * selected and labelled 'Recently added'. One modal whose content follows the step.
 *
 * - Submit is disabled until a method is chosen; the amount is the outstanding amount when
 *   partially paid, otherwise the full amount.
 * - The pay request's Idempotency-Key is made once per dialog: pressing Pay twice, or again after
 *   a timeout, is one payment. Offline it refuses with the connection message and sends nothing.
 */
import { useState } from 'react';
import { BILLING_MESSAGES, type Invoice, PaymentMethodsResponse } from '../../api/contracts/billing';
import { ApiError } from '../../api/errors';
import { useCachedRead } from '../../sync/use-cached-read';
import { Modal } from '../../ui/modal';
import { toastSuccess } from '../../ui/toast';
import { PaymentForm } from '../../widgets/payment-form/payment-form';
import { newPaymentKey, PAYMENT_METHODS_PATH, payInvoice } from './billing-api';
import { amountDue, formatDate, formatMoney, methodLabel } from './format';

type Chosen = { ref_id: string; label: string; recent: boolean };
type Step = 'details' | 'picker' | 'add';

export type PayDialogProps = {
  invoice: Invoice;
  onClose: () => void;
  onPaid: (invoice: Invoice) => void;
};

const TITLES: Record<Step, string> = {
  details: 'Invoice Details',
  picker: 'Select Payment Method',
  add: 'Add New Card',
};

export function PayDialog({ invoice, onClose, onPaid }: PayDialogProps) {
  const [step, setStep] = useState<Step>('details');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [key] = useState(newPaymentKey);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = amountDue(invoice);

  async function pay() {
    if (!chosen || paying) return;
    setPaying(true);
    setError(null);
    try {
      const answer = await payInvoice(invoice.id, { amount: Number(amount), pm_ref_id: chosen.ref_id }, key);
      toastSuccess(answer.message);
      onPaid(answer.invoice);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setPaying(false);
    }
  }

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
        step === 'details' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!chosen || paying}
              onClick={() => void pay()}
            >
              {paying ? 'Please Wait...' : `Pay ${formatMoney(amount)}`}
            </button>
          </>
        ) : (
          back
        )
      }
    >
      {step === 'details' ? (
        <div className="pay-details">
          <dl className="pay-details__facts">
            <dt>Invoice</dt>
            <dd>{invoice.name}</dd>
            <dt>Product</dt>
            <dd>{invoice.product_name}</dd>
            <dt>Account</dt>
            <dd>{invoice.account_name}</dd>
            <dt>Status</dt>
            <dd>{invoice.status}</dd>
            <dt>Due date</dt>
            <dd>{formatDate(invoice.due_date)}</dd>
            <dt>Invoice amount</dt>
            <dd>{formatMoney(invoice.amount)}</dd>
            <dt>Amount to pay</dt>
            <dd className="pay-details__due">{formatMoney(amount)}</dd>
          </dl>
          <div className="pay-details__method">
            <span className="pay-details__label">Payment method</span>
            <strong data-testid="pay-method">{chosen ? chosen.label : 'None selected'}</strong>
            {chosen?.recent ? <span className="pay-details__recent">Recently added</span> : null}
          </div>
          <div className="pay-details__actions">
            <button type="button" className="button button--ghost" onClick={() => setStep('picker')}>
              Choose Payment Method
            </button>
            <button type="button" className="button button--ghost" onClick={() => setStep('add')}>
              Add New Card
            </button>
          </div>
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

function MethodPicker(props: { invoiceId: number; selected: string | null; onPick: (c: Chosen) => void }) {
  const read = useCachedRead(PaymentMethodsResponse, PAYMENT_METHODS_PATH, {
    query: { invoice_id: props.invoiceId },
  });
  if (!read.data) {
    return read.error ? (
      <p role="alert">{read.error.message}</p>
    ) : (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Loading payment methods...
      </p>
    );
  }
  if (read.data.records.length === 0)
    return <p className="pay-picker__empty">{BILLING_MESSAGES.pickerEmpty}</p>;
  return (
    <ul className="pay-picker" aria-label="Payment methods">
      {read.data.records.map((m) => (
        <li key={m.ref_id}>
          <button
            type="button"
            className="pay-picker__option"
            aria-pressed={props.selected === m.ref_id}
            onClick={() => props.onPick({ ref_id: m.ref_id, label: methodLabel(m), recent: false })}
          >
            <span>{methodLabel(m)}</span>
            <span className="pay-picker__meta">
              {m.type === 'ach' ? m.bank_name : `Expires ${m.expiration_date ?? ''}`}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
