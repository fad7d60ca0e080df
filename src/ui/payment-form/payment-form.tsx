/**
 * The payment form (spec part 1 §2 "payment fields form", §3, §4, §5, §8), shared by sign-up and
 * billing: first and last name, email, card or ACH, the provider's hosted fields, and for ACH the
 * authorization box.
 *
 * - Names and email are checked on key up and blur with the spec's messages; submit is enabled only
 *   when they are valid, the provider's fields are valid and, for ACH, the box is ticked.
 * - The provider token is fetched about 1 s after the form appears; an answer without one toasts
 *   'No Returned Auth Token'. Provider errors are toasts; the card number never reaches our API.
 * - Switching card/ACH remounts the provider's fields; in the invoices context it resets the form.
 */
import './payment-form.css';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { PaymentMethodSummary, PaymentPlatform } from '../../api/contracts/payments';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { Field } from '../inputs/field';
import { toastError, toastSuccess } from '../toast';
import { HostedFields } from './hosted-fields';
import { getPaysimpleToken, postPaymentMethod } from './payment-api';
import {
  addedMessage,
  canSubmit,
  type PaymentField,
  type PaymentValues,
  paymentFieldError,
  paymentMessages,
} from './payment-rules';
import type { HostedFieldsController } from './provider-script';

export const TOKEN_DELAY_MS = 1000;

export type PaymentFormProps = {
  platform: PaymentPlatform;
  context: 'signup' | 'invoices' | 'payment-methods';
  msId?: string | null;
  invoiceId?: number | string | null;
  assignedAccounts?: string[];
  initial?: Partial<PaymentValues>;
  submitLabel?: string;
  onAdded: (method: PaymentMethodSummary) => void;
};

const FIELDS: { field: PaymentField; label: string; autoComplete: string; type: string }[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { field: 'paymentEmail', label: 'Email', autoComplete: 'email', type: 'email' },
];

const empty = (initial: Partial<PaymentValues> = {}): PaymentValues => ({
  firstName: '',
  lastName: '',
  paymentEmail: '',
  ...initial,
});

export function PaymentForm(props: PaymentFormProps) {
  const { platform, context, initial, submitLabel = 'Add Payment Method', onAdded } = props;
  const [values, setValues] = useState(() => empty(initial));
  const [touched, setTouched] = useState<Set<PaymentField>>(new Set());
  const [type, setType] = useState<'card' | 'ach'>('card');
  const [authorized, setAuthorized] = useState(false);
  const [providerValid, setProviderValid] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [posting, setPosting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const controller = useRef<HostedFieldsController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh token
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      getPaysimpleToken(platform)
        .then((answer) => {
          if (!current) return;
          if (answer.token) setToken(answer.token);
          else toastError(paymentMessages.noToken);
        })
        .catch((error: unknown) => {
          if (current && error instanceof ApiError && error.offline) setNotice(OFFLINE_MESSAGE);
        });
    }, TOKEN_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [platform, attempt]);

  const check = (field: PaymentField) => setTouched((set) => new Set(set).add(field));
  const ready = canSubmit({ values, type, providerValid, authorized }) && token !== null;

  function switchType(next: 'card' | 'ach') {
    if (next === type) return;
    setType(next);
    setProviderValid(false);
    if (context === 'invoices') {
      setValues(empty(initial));
      setTouched(new Set());
      setAuthorized(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(FIELDS.map((f) => f.field)));
    if (!ready || !controller.current || posting) return;
    if (navigator.onLine === false) return setNotice(OFFLINE_MESSAGE);
    setNotice(null);
    setPosting(true);
    try {
      const account = await controller.current.tokenize({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.paymentEmail.trim(),
      });
      const answer = await postPaymentMethod(platform, {
        ps_account_id: account.ps_account_id,
        ps_customer_id: account.ps_customer_id,
        ...(type === 'ach' ? { authorized } : {}),
        ms_id: props.msId ?? null,
        sign_up: context === 'signup',
        invoice_id: props.invoiceId ?? null,
        ...(props.assignedAccounts ? { assigned_accounts: props.assignedAccounts } : {}),
      });
      toastSuccess(addedMessage(type));
      onAdded(answer.payment_method);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.offline) setNotice(OFFLINE_MESSAGE);
        else if (error.fieldErrors) toastError('Error', error.message);
      } else if (/expired/i.test((error as Error).message)) {
        setToken(null);
        setAttempt((n) => n + 1);
      }
    } finally {
      setPosting(false);
    }
  }

  return (
    <form className="payment-form" noValidate onSubmit={onSubmit}>
      <fieldset className="payment-form__types">
        <legend className="field__label">Payment type</legend>
        {(['card', 'ach'] as const).map((option) => (
          <label key={option} className="payment-form__type" data-selected={type === option || undefined}>
            <input
              type="radio"
              name="payment-type"
              value={option}
              checked={type === option}
              onChange={() => switchType(option)}
            />
            {option === 'card' ? 'Credit Card' : 'ACH (Bank Account)'}
          </label>
        ))}
      </fieldset>
      <div className="payment-form__names">
        {FIELDS.map(({ field, label, autoComplete, type: inputType }) => {
          const error = touched.has(field) ? paymentFieldError(field, values[field]) : null;
          return (
            <Field
              key={field}
              id={`payment-${field}`}
              label={label}
              required
              error={error}
              className={`payment-form__${field}`}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  name={field}
                  type={inputType}
                  autoComplete={autoComplete}
                  value={values[field]}
                  onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                  onKeyUp={() => check(field)}
                  onBlur={() => check(field)}
                />
              )}
            </Field>
          );
        })}
      </div>
      {token ? (
        <HostedFields
          token={token}
          type={type}
          onValidity={setProviderValid}
          onError={(message) => toastError('Error', message)}
          onController={(c) => {
            controller.current = c;
          }}
        />
      ) : (
        <p className="hosted-fields__status" role="status">
          <span className="spinner" aria-hidden="true" /> Preparing secure payment fields...
        </p>
      )}
      {type === 'ach' ? (
        <label className="payment-form__authorize">
          <input type="checkbox" checked={authorized} onChange={(e) => setAuthorized(e.target.checked)} />
          <span>
            I authorize the debit of this bank account for my invoices, and I understand I can withdraw this
            authorization at any time by contacting support.
          </span>
        </label>
      ) : null}
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={!ready || posting}>
        {posting ? <span className="spinner" aria-hidden="true" /> : null}
        {posting ? 'Please Wait...' : submitLabel}
      </button>
    </form>
  );
}
