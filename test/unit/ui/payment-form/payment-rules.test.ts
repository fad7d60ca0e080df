/** The payment form's messages (spec part 1 §5) and when it may be submitted (§4). */
import { describe, expect, it } from 'vitest';
import {
  addedMessage,
  canSubmit,
  type PaymentField,
  paymentFieldError,
} from '../../../../src/ui/payment-form/payment-rules';

describe('payment form rules', () => {
  it.each<[PaymentField, string, string | null]>([
    ['firstName', '', 'First name is required'],
    ['firstName', '  ', 'First name is required'],
    ['firstName', 'Maria', null],
    ['lastName', '', 'Last name is required'],
    ['lastName', 'Alvarez', null],
    ['paymentEmail', '', 'Email is required'],
    ['paymentEmail', 'maria', 'Please enter a valid email'],
    ['paymentEmail', 'maria@summit', 'Please enter a valid email'],
    ['paymentEmail', ' maria@summit.example ', null],
  ])('%s = %j -> %s', (field, value, expected) => {
    expect(paymentFieldError(field, value)).toBe(expected);
  });

  const values = { firstName: 'Maria', lastName: 'Alvarez', paymentEmail: 'maria@summit.example' };

  it('enables submit only with valid fields, valid provider fields and, for ACH, the authorization', () => {
    expect(canSubmit({ values, type: 'card', providerValid: true, authorized: false })).toBe(true);
    expect(canSubmit({ values, type: 'card', providerValid: false, authorized: true })).toBe(false);
    expect(
      canSubmit({
        values: { ...values, lastName: '' },
        type: 'card',
        providerValid: true,
        authorized: false,
      }),
    ).toBe(false);
    expect(canSubmit({ values, type: 'ach', providerValid: true, authorized: false })).toBe(false);
    expect(canSubmit({ values, type: 'ach', providerValid: true, authorized: true })).toBe(true);
  });

  it('names what was added', () => {
    expect(addedMessage('card')).toBe('Credit Card has been added successfully.');
    expect(addedMessage('ach')).toBe('ACH Account has been added successfully.');
  });
});
