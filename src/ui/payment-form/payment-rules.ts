/**
 * The payment form's own field rules and messages (spec part 1 §5 "Payment form"), and when its
 * submit button may be pressed (§4). Pure functions.
 */
import { isEmail } from '../../lib/validation';

export type PaymentField = 'firstName' | 'lastName' | 'paymentEmail';
export type PaymentValues = Record<PaymentField, string>;
export type PaymentType = 'card' | 'ach';

export const paymentMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  noToken: 'No Returned Auth Token',
} as const;

export function paymentFieldError(field: PaymentField, value: string): string | null {
  const text = value.trim();
  if (field === 'firstName') return text ? null : paymentMessages.firstName;
  if (field === 'lastName') return text ? null : paymentMessages.lastName;
  if (!text) return paymentMessages.emailRequired;
  return isEmail(text) ? null : paymentMessages.emailInvalid;
}

/** The fields' rules for the form system (use-rules-form.ts). */
export const paymentRules = {
  firstName: (value: string) => paymentFieldError('firstName', value),
  lastName: (value: string) => paymentFieldError('lastName', value),
  paymentEmail: (value: string) => paymentFieldError('paymentEmail', value),
};

export type SubmitState = {
  values: PaymentValues;
  type: PaymentType;
  providerValid: boolean;
  authorized: boolean;
};

/** Names and email valid, the provider's fields valid and, for ACH, the authorization ticked. */
export function canSubmit({ values, type, providerValid, authorized }: SubmitState): boolean {
  const fieldsValid = (Object.keys(values) as PaymentField[]).every(
    (f) => paymentFieldError(f, values[f]) === null,
  );
  return fieldsValid && providerValid && (type === 'card' || authorized);
}

export const addedMessage = (type: PaymentType) =>
  `${type === 'ach' ? 'ACH Account' : 'Credit Card'} has been added successfully.`;
