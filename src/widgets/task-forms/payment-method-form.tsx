/**
 * The payment_methods task: the card/ACH payment form billing and sign-up use (one form, three
 * hosts), adding a method on the customer's payment platform. Adding needs a connection (the form
 * calls requireConnection and says so offline, keeping what was typed); the server completes the
 * organization's open payment_methods tasks when the method is added. The success toast is the
 * payment form's own ('Credit Card has been added successfully.' or the ACH one).
 */
import { PaymentMethodsResponse } from '../../api/contracts/billing';
import { endpointPath } from '../../api/contracts/endpoints';
import { PaymentPlatform } from '../../api/contracts/payments';
import { useCachedRead } from '../../sync/use-cached-read';
import { PaymentForm } from '../payment-form/payment-form';
import { TaskFormActions } from './task-form-parts';

const PAYMENT_METHODS_PATH = endpointPath('GET /payment_methods');

export function PaymentMethodForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const read = useCachedRead(PaymentMethodsResponse, PAYMENT_METHODS_PATH);
  if (!read.data) {
    return (
      <div className="task-form">
        <p
          className={read.error ? 'task-form__error' : 'task-form__muted'}
          role={read.error ? 'alert' : undefined}
        >
          {read.error ? (read.error.message ?? 'Your payment methods could not be loaded.') : 'Loading…'}
        </p>
        <TaskFormActions onCancel={onCancel} busy={false} label="Add Payment Method" disabled />
      </div>
    );
  }
  const platform = read.data.accounts.map((a) => a.platform).find((p) => PaymentPlatform.is(p)) ?? 'live';
  return (
    <div className="task-form">
      {read.data.records.length > 0 ? (
        <p className="task-form__lead">
          You have {read.data.records.length} payment method{read.data.records.length === 1 ? '' : 's'} on
          file. Add another below.
        </p>
      ) : null}
      <PaymentForm platform={platform} context="payment-methods" onAdded={() => onDone()} />
      {onCancel ? (
        <div className="task-form__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
