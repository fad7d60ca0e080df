/**
 * The billing screens against a scripted API with the real Dexie: the payment methods' empty
 * state (with and without can_create_payment_method), which card menus exist and which of their
 * items are disabled, and the pay dialog's amount, disabled submit and empty picker.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Invoice,
  PaymentMethodRecord,
  PaymentMethodsResponse,
} from '../../../../src/api/contracts/billing';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { PayDialog } from '../../../../src/features/billing/pay-dialog';
import PaymentMethodsPage from '../../../../src/features/billing/payment-methods-page';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const method = (over: Partial<PaymentMethodRecord>): PaymentMethodRecord => ({
  id: 1,
  ref_id: 'pm_1',
  platform: 'live',
  type: 'credit_card',
  brand: 'VISA',
  last_four: '4242',
  masked_number: '**** **** **** 4242',
  name: 'Maria Alvarez',
  exp_month: 4,
  exp_year: 2030,
  expiration_date: '04/2030',
  is_expired: false,
  expiration_message: null,
  bank_name: null,
  routing_number: null,
  account_number: null,
  ach_type: null,
  is_default: true,
  can_delete: true,
  accounts: [],
  ...over,
});

let answer: PaymentMethodsResponse;
const api = (call: Call) => {
  const path = new URL(call.url, 'http://local').pathname.replace('/api/v1', '');
  if (path === '/payment_methods') return json(200, answer);
  return json(404, { errors: 'Not found' });
};

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('payment methods screen', () => {
  it('shows the empty state, with Add New Payment Method only when adding is allowed', async () => {
    answer = { records: [], can_create_payment_method: true, accounts: [] };
    mockFetch(api);
    render(<PaymentMethodsPage />);
    expect(await screen.findByText('No payment methods added!')).toBeTruthy();
    expect(
      screen.getByText('You do not currently have any payment methods saved. Please add a card.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Payment Method' })).toBeTruthy();
    expect(screen.getByText(/A saved card pays your invoices with one click/)).toBeTruthy();
    cleanup();
    await db.responses.clear();
    answer = { records: [], can_create_payment_method: false, accounts: [] };
    render(<PaymentMethodsPage />);
    expect(await screen.findByText('No payment methods added!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Payment Method' })).toBeNull();
  });

  it('offers the card menu only on card platforms, with Assign off for expired and Remove off without can_delete', async () => {
    answer = {
      records: [
        method({ id: 1, is_expired: true, last_four: '1111', expiration_message: null }),
        method({
          id: 2,
          ref_id: 'pm_2',
          last_four: '2222',
          can_delete: false,
          accounts: [{ ref_id: 'a1' }, { ref_id: 'a2' }],
        }),
        method({
          id: 3,
          ref_id: 'pm_3',
          last_four: '3333',
          platform: 'direct',
          expiration_message: 'Expires soon',
        }),
      ],
      can_create_payment_method: true,
      accounts: [],
    };
    mockFetch(api);
    render(<PaymentMethodsPage />);
    expect(await screen.findByText('This card is expired - click here to update')).toBeTruthy();
    expect(screen.getByText('Assigned to 2 accounts')).toBeTruthy();
    expect(screen.getByText('Expires soon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu for Card ending 3333' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Menu for Card ending 1111' }));
    let menu = screen.getByRole('menu');
    expect(
      (within(menu).getByRole('menuitem', { name: 'Assign Accounts' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((within(menu).getByRole('menuitem', { name: 'Remove Card' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu for Card ending 1111' }));

    fireEvent.click(screen.getByRole('button', { name: 'Menu for Card ending 2222' }));
    menu = screen.getByRole('menu');
    expect(
      (within(menu).getByRole('menuitem', { name: 'Assign Accounts' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect((within(menu).getByRole('menuitem', { name: 'Remove Card' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('payment methods for staff impersonating the customer', () => {
  it('shows the methods with every change off and says why', async () => {
    await setSession({ impersonate_id: 3 });
    answer = {
      records: [method({ id: 1, is_expired: true, last_four: '1111' }), method({ id: 2, ref_id: 'pm_2' })],
      can_create_payment_method: true,
      accounts: [],
    };
    mockFetch(api);
    render(<PaymentMethodsPage />);
    expect(
      await screen.findByText(/Staff view: paying invoices and adding or changing payment methods/),
    ).toBeTruthy();
    expect(await screen.findByText('This card is expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'This card is expired - click here to update' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Menu for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New Payment Method' })).toBeNull();
  });
});

describe('pay dialog', () => {
  const invoice: Invoice = {
    id: 9,
    ref_id: 'inv_9',
    name: 'INV-2026-00009',
    product_key: 'bpr_reports',
    product_name: 'BPR Reports',
    platform: 'bpr',
    account_name: 'Main',
    account_ref_id: 'acc_1',
    payment_method: null,
    status: 'Partially paid',
    amount: '149.00',
    outstanding_amount: '89.40',
    due_date: '2026-12-10',
    period_start: null,
    period_end: null,
    created_at: '2026-11-01T05:00:00.000Z',
    paid_at: null,
    payable: true,
    payment: null,
  };

  it('asks for the outstanding amount, keeps Pay disabled without a method, and says when there are none', async () => {
    answer = { records: [], can_create_payment_method: true, accounts: [] };
    const calls = mockFetch(api);
    render(<PayDialog invoice={invoice} onClose={() => {}} onChange={() => {}} />);
    const pay = screen.getByRole('button', { name: 'Pay $89.40' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Payment Method' }));
    expect(await screen.findByText('Your account has no payment methods')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/payment_methods?invoice_id=9'))).toBe(true);
  });
});
