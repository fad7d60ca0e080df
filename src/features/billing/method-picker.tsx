/**
 * The pay dialog's saved-method picker (spec part 3 §2.11): the methods that can pay this invoice
 * (GET /payment_methods?invoice_id=), or 'Your account has no payment methods' with the way on.
 * Props in, JSX out.
 */
import { BILLING_MESSAGES, PaymentMethodsResponse } from '../../api/contracts/billing';
import { useCachedRead } from '../../sync/use-cached-read';
import { PAYMENT_METHODS_PATH } from './billing-api';
import { methodLabel } from './format';

export type Chosen = { ref_id: string; label: string; recent: boolean };

export function MethodPicker(props: {
  invoiceId: number;
  selected: string | null;
  onPick: (c: Chosen) => void;
}) {
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
    return (
      <div className="pay-picker__empty">
        <p>{BILLING_MESSAGES.pickerEmpty}</p>
        <p className="billing-empty-why">
          Go back and choose Add New Card to pay with a card; it is saved for your next invoices too.
        </p>
      </div>
    );
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
