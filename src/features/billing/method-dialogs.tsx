/**
 * The payment methods screen's dialogs (spec part 3 §2.12, §4, §8): delete ('Delete Credit Card'
 * / 'Delete ACH'), Assign Accounts (already-assigned accounts locked; the button disabled when
 * nothing is selected, while sending, or when the count equals the assigned count) and the add /
 * edit form (the shared payment form; editing hands the re-entered card or account to the edit
 * call). Every action needs a connection: offline the dialog says so and nothing is sent.
 * An edit or assignment that charges Failed invoices again says so in its toast.
 */
import { useState } from 'react';
import { BILLING_MESSAGES, type BillingAccount, type PaymentMethodRecord } from '../../api/contracts/billing';
import type { PaymentMethodSummary, PaymentPlatform } from '../../api/contracts/payments';
import { ApiError } from '../../api/errors';
import { Checkbox } from '../../ui/inputs/checkbox';
import { Modal } from '../../ui/modal';
import { toastInfo, toastSuccess } from '../../ui/toast';
import { PaymentForm } from '../../widgets/payment-form/payment-form';
import { assignAccounts, deletePaymentMethod, editPaymentMethod } from './billing-api';
import { isAch } from './format';

const platformOf = (m: PaymentMethodRecord) => m.platform as PaymentPlatform;
const problem = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The failed invoices an update charges again (server: failed-retry.ts), said after its toast. */
const retriedText = (n: number | undefined) =>
  n
    ? `${n === 1 ? 'A failed invoice is' : `${n} failed invoices are`} being charged again with it: see Invoices.`
    : undefined;

type Done = { onClose: () => void; onDone: () => void };

export function DeleteMethodDialog({ method, onClose, onDone }: Done & { method: PaymentMethodRecord }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noun = isAch(method) ? 'ACH' : 'Credit Card';
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const answer = await deletePaymentMethod(platformOf(method), method.id);
      toastSuccess(BILLING_MESSAGES.deletedHeader, answer.message);
      onDone();
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={`Delete ${noun}`}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
        </>
      }
    >
      <p>Are you sure you want to delete this {noun}?</p>
      {error ? (
        <p className="form__notice" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

export function AssignAccountsDialog(
  props: Done & {
    method: PaymentMethodRecord;
    accounts: BillingAccount[];
    /** Account ref id -> the label of the method billing it now. */
    owners: Map<string, string>;
    /** The second step of adding a method: closing is skipping. */
    afterAdd?: boolean;
  },
) {
  const { method, accounts, owners } = props;
  const locked = new Set(method.accounts.map((a) => a.ref_id));
  const [selected, setSelected] = useState(() => new Set(locked));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ach = isAch(method);
  const disabled = busy || selected.size === 0 || selected.size === locked.size;
  async function save() {
    setBusy(true);
    setError(null);
    try {
      const answer = await assignAccounts(platformOf(method), {
        payment_method_id: method.id,
        assigned_accounts: [...selected],
      });
      toastSuccess(BILLING_MESSAGES.assignedHeader(ach), BILLING_MESSAGES.assigned(ach));
      const retried = retriedText(answer.retried);
      // Its own toast: the spec's message stays as it is.
      if (retried) toastInfo('Failed invoices', retried);
      props.onDone();
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title="Assign Accounts"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            {props.afterAdd ? 'Skip' : 'Cancel'}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={disabled}
            onClick={() => void save()}
          >
            {busy ? 'Please Wait...' : 'Assign Accounts'}
          </button>
        </>
      }
    >
      <fieldset className="assign-list">
        <legend>Accounts billed to this {ach ? 'ACH' : 'Credit Card'}</legend>
        {accounts.map((account) => {
          const other = owners.get(account.ref_id);
          return (
            <Checkbox
              key={account.ref_id}
              className="assign-list__item"
              checked={selected.has(account.ref_id)}
              disabled={locked.has(account.ref_id) || busy}
              onChange={(checked) => {
                const next = new Set(selected);
                if (checked) next.add(account.ref_id);
                else next.delete(account.ref_id);
                setSelected(next);
              }}
              label={
                <span>
                  {account.name} <span className="assign-list__meta">{account.platform.toUpperCase()}</span>
                  {other && !locked.has(account.ref_id) ? (
                    <span className="assign-list__meta"> · now billed to {other}</span>
                  ) : null}
                </span>
              }
            />
          );
        })}
      </fieldset>
      {error ? (
        <p className="form__notice" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

export function MethodFormDialog(props: {
  platform: PaymentPlatform;
  method?: PaymentMethodRecord;
  onClose: () => void;
  onAdded: (method: PaymentMethodSummary) => void;
  onEdited: () => void;
}) {
  const { method } = props;
  const [first, ...rest] = (method?.name ?? '').split(' ');
  return (
    <Modal
      title={method ? `Edit ${isAch(method) ? 'ACH' : 'Card'}` : 'Add New Payment Method'}
      onClose={props.onClose}
    >
      <PaymentForm
        platform={method ? platformOf(method) : props.platform}
        context="payment-methods"
        initial={method ? { firstName: first ?? '', lastName: rest.join(' ') } : undefined}
        submitLabel={method ? 'Save Payment Method' : 'Add Payment Method'}
        onAdded={props.onAdded}
        submitAccount={
          method
            ? async (ids) => {
                const answer = await editPaymentMethod(platformOf(method), method.id, ids);
                toastSuccess(answer.message, retriedText(answer.retried));
                props.onEdited();
              }
            : undefined
        }
      />
    </Modal>
  );
}
