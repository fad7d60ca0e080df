/**
 * The billing screens' display rules (spec part 3 §2.11): payment method labels, the '-' of the
 * PAYMENT METHOD column, and what Pay Now charges.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../../src/api/contracts/billing';
import {
  amountDue,
  formatDate,
  invoiceMethodText,
  methodLabel,
} from '../../../../src/features/billing/format';
import { assignedText } from '../../../../src/features/billing/method-card';

const card = {
  ref_id: 'pm_1',
  type: 'credit_card' as const,
  brand: 'VISA',
  last_four: '4242',
  account_number: null,
};
const ach = {
  ref_id: 'pm_2',
  type: 'ach' as const,
  brand: null,
  last_four: '6789',
  account_number: '****6789',
};

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 1,
  ref_id: 'inv_1',
  name: 'INV-2026-00001',
  product_key: 'bpr_reports',
  product_name: 'BPR Reports',
  platform: 'bpr',
  account_name: 'Main',
  account_ref_id: 'acc_1',
  payment_method: card,
  status: 'Paid',
  amount: '149.00',
  outstanding_amount: '0.00',
  due_date: '2026-12-10',
  period_start: null,
  period_end: null,
  created_at: '2026-11-01T05:00:00.000Z',
  paid_at: null,
  payable: false,
  payment: null,
  ...over,
});

describe('billing display rules', () => {
  it('labels cards by brand and last four, bank accounts as ACH with the account number', () => {
    expect(methodLabel(card)).toBe('VISA **** 4242');
    expect(methodLabel(ach)).toBe('ACH - ****6789');
    expect(methodLabel({ ...ach, account_number: null })).toBe('ACH - ****6789');
  });

  it("shows '-' for no method, a string method and an Unpaid bpr reports invoice", () => {
    expect(invoiceMethodText(invoice({}))).toBe('VISA **** 4242');
    expect(invoiceMethodText(invoice({ payment_method: null }))).toBe('-');
    expect(invoiceMethodText(invoice({ payment_method: 'Wire transfer' }))).toBe('-');
    expect(invoiceMethodText(invoice({ status: 'Unpaid' }))).toBe('-');
    expect(invoiceMethodText(invoice({ status: 'Unpaid', product_key: 'seo' }))).toBe('VISA **** 4242');
    expect(invoiceMethodText(invoice({ status: 'Partially paid', payment_method: ach }))).toBe(
      'ACH - ****6789',
    );
  });

  it('pays the outstanding amount when partially paid, otherwise the full amount', () => {
    expect(amountDue(invoice({ status: 'Partially paid', outstanding_amount: '89.40' }))).toBe('89.40');
    expect(amountDue(invoice({ status: 'Unpaid', outstanding_amount: '149.00' }))).toBe('149.00');
  });

  it('writes dates MM/DD/YYYY and the assignment line', () => {
    expect(formatDate('2026-12-10')).toBe('12/10/2026');
    expect(assignedText(0)).toBe('Not assigned to accounts');
    expect(assignedText(1)).toBe('Assigned to 1 account');
    expect(assignedText(3)).toBe('Assigned to 3 accounts');
  });
});
