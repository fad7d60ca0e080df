/**
 * The payment form (spec part 1 §2 "payment fields form", §3, §4, §5, §8), shared by sign-up and
 * billing: the pure fields of ui/payment-form, the provider's hosted fields, and the calls.
 *
 * - Names and email are checked on key up and blur with the spec's messages; submit is enabled only
 *   when they are valid, the provider's fields are valid and, for ACH, the box is ticked.
 * - The provider token is fetched about 1 s after the form appears; an answer without one toasts
 *   'No Returned Auth Token'. Provider errors are toasts (spec part 1 §8); the card number never
 *   reaches our API.
 * - A card or account the provider refuses (declined, insufficient funds, unverifiable) is also
 *   said beside the provider's fields, in the provider's words, and focus goes there; it stays
 *   until the customer changes something (a name, the email, card/ACH, or a provider field: its
 *   onChange).
 * - Paying needs a connection (requireConnection): offline the form says so and keeps its values.
 * - Switching card/ACH remounts the provider's fields; in the invoices context it resets the form.
 */
import '../../ui/payment-form/payment-form.css';
import { useEffect, useRef, useState } from 'react';
import type { PaymentMethodSummary, PaymentPlatform } from '../../api/contracts/payments';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { requireConnection } from '../../sync/connectivity-guard';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { PaymentFields } from '../../ui/payment-form/payment-fields';
import {
  addedMessage,
  canSubmit,
  type PaymentType,
  type PaymentValues,
  paymentMessages,
  paymentRules,
} from '../../ui/payment-form/payment-rules';
import { toastError, toastSuccess } from '../../ui/toast';
import { HostedFields } from './hosted-fields';
import { getPaysimpleToken, postPaymentMethod } from './payment-api';
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
  /** Instead of creating a method, hand the provider's ids here (editing a saved method). */
  submitAccount?: (ids: {
    ps_account_id: string;
    ps_customer_id: string;
    authorized?: boolean;
  }) => Promise<void>;
};

const empty = (initial: Partial<PaymentValues> = {}): PaymentValues => ({
  firstName: '',
  lastName: '',
  paymentEmail: '',
  ...initial,
});

export function PaymentForm(props: PaymentFormProps) {
  const { platform, context, initial, submitLabel = 'Add Payment Method', onAdded } = props;
  const form = useRulesForm({
    defaultValues: empty(initial),
    rules: paymentRules,
    trimmed: ['firstName', 'lastName', 'paymentEmail'],
  });
  const [type, setType] = useState<PaymentType>('card');
  const [authorized, setAuthorized] = useState(false);
  const [providerValid, setProviderValid] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [posting, setPosting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const refusedRef = useRef<HTMLDivElement>(null);
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

  const values = form.watch();
  const ready = canSubmit({ values, type, providerValid, authorized }) && token !== null;
  const typed = `${values.firstName}\n${values.lastName}\n${values.paymentEmail}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of what is typed clears it
  useEffect(() => setRefused(null), [typed, type, authorized]);
  useEffect(() => {
    if (refused) refusedRef.current?.focus();
  }, [refused]);

  function switchType(next: PaymentType) {
    if (next === type) return;
    setType(next);
    setProviderValid(false);
    if (context === 'invoices') {
      form.reset(empty(initial));
      setAuthorized(false);
    }
  }

  const submit = form.submitWith(async (clean) => {
    if (!ready || !controller.current || posting) return;
    setPosting(true);
    try {
      requireConnection();
      setNotice(null);
      const account = await controller.current.tokenize({
        firstName: clean.firstName,
        lastName: clean.lastName,
        email: clean.paymentEmail,
      });
      if (props.submitAccount) {
        await props.submitAccount({
          ps_account_id: account.ps_account_id,
          ps_customer_id: account.ps_customer_id,
          ...(type === 'ach' ? { authorized } : {}),
        });
        return;
      }
      const answer = await postPaymentMethod(platform, {
        ps_account_id: account.ps_account_id,
        ps_customer_id: account.ps_customer_id,
        ...(type === 'ach' ? { authorized } : {}),
        ms_id: props.msId ?? null,
        sign_up: context === 'signup',
        invoice_id: props.invoiceId ?? null,
        ...(props.assignedAccounts ? { assigned_accounts: props.assignedAccounts } : {}),
      });
      toastSuccess('Success', addedMessage(type));
      onAdded(answer.payment_method);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.offline) setNotice(error.message);
        else if (error.fieldErrors) {
          // The spec's toast, and the reason kept beside the form (a declined card): a toast
          // alone is gone in 3 s and leaves no mark on the form.
          toastError('Error', error.message);
          setNotice(error.message);
        }
      } else if (/expired/i.test((error as Error).message)) {
        setToken(null);
        setAttempt((n) => n + 1);
      } else if (error instanceof Error && !/closed/i.test(error.message)) {
        // The provider refused the card or account (its toast is raised by the fields too).
        setRefused(error.message);
      }
    } finally {
      setPosting(false);
    }
  });

  return (
    <form className="payment-form" noValidate onSubmit={(event) => void submit(event)}>
      <PaymentFields
        form={form}
        type={type}
        onTypeChange={switchType}
        authorized={authorized}
        onAuthorizedChange={setAuthorized}
      >
        {token ? (
          <HostedFields
            token={token}
            type={type}
            onValidity={setProviderValid}
            onChange={() => setRefused(null)}
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
        {refused ? (
          <div ref={refusedRef} className="payment-form__refused" role="alert" tabIndex={-1}>
            <strong>{refused}</strong> Check the {type === 'ach' ? 'account' : 'card'} details or use another{' '}
            {type === 'ach' ? 'account' : 'card'}.
          </div>
        ) : null}
      </PaymentFields>
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
