/**
 * The payment form's own fields (spec part 1 §2 "payment fields form", §5): card or ACH, first and
 * last name, email, a slot for the provider's hosted fields, and for ACH the authorization box.
 * Props in, JSX out: the connected form (src/widgets/payment-form) owns the provider and the calls.
 *
 * Names and email are checked on key up and on blur, empty or not (checkOn="touch").
 */
import './payment-form.css';
import type { ReactNode } from 'react';
import { FormField } from '../form/form-field';
import type { RulesForm } from '../form/use-rules-form';
import { EmailInput } from '../inputs/email-input';
import { TextInput } from '../inputs/text-input';
import type { PaymentType, PaymentValues } from './payment-rules';

export type PaymentFieldsProps = {
  form: RulesForm<PaymentValues>;
  type: PaymentType;
  onTypeChange: (type: PaymentType) => void;
  authorized: boolean;
  onAuthorizedChange: (authorized: boolean) => void;
  /** The provider's hosted card or bank fields (or their loading state). */
  children?: ReactNode;
};

const NAMES = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

export function PaymentFields({
  form,
  type,
  onTypeChange,
  authorized,
  onAuthorizedChange,
  children,
}: PaymentFieldsProps) {
  return (
    <>
      <fieldset className="payment-form__types">
        <legend className="field__label">Payment type</legend>
        {(['card', 'ach'] as const).map((option) => (
          <label key={option} className="payment-form__type" data-selected={type === option || undefined}>
            <input
              type="radio"
              name="payment-type"
              value={option}
              checked={type === option}
              onChange={() => onTypeChange(option)}
            />
            {option === 'card' ? 'Credit Card' : 'ACH (Bank Account)'}
          </label>
        ))}
      </fieldset>
      <div className="payment-form__names">
        {NAMES.map(({ field, label, autoComplete }) => (
          <FormField key={field} form={form} name={field} checkOn="touch">
            {(bound) => (
              <TextInput
                id={`payment-${field}`}
                label={label}
                required
                autoComplete={autoComplete}
                {...bound}
              />
            )}
          </FormField>
        ))}
        <div className="payment-form__paymentEmail">
          <FormField form={form} name="paymentEmail" checkOn="touch">
            {(bound) => <EmailInput id="payment-paymentEmail" label="Email" required {...bound} />}
          </FormField>
        </div>
      </div>
      {children}
      {type === 'ach' ? (
        <label className="payment-form__authorize">
          <input
            type="checkbox"
            checked={authorized}
            onChange={(e) => onAuthorizedChange(e.target.checked)}
          />
          <span>
            I authorize the debit of this bank account for my invoices, and I understand I can withdraw this
            authorization at any time by contacting support.
          </span>
        </label>
      ) : null}
    </>
  );
}
