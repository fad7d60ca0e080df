/**
 * The pay dialog against a scripted API with the real Dexie: one request for a double submit,
 * the settling state while the charge settles (busy, never an error), then the outcome: the
 * spec's success text with Paid and the receipt, or Failed with the provider's reason; an
 * invoice already paid elsewhere said plainly. Staff impersonating the customer cannot pay.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoicePayment, PaymentMethodRecord } from '../../../../src/api/contracts/billing';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { PayCell } from '../../../../src/features/billing/pay-cell';
import { PayDialog } from '../../../../src/features/billing/pay-dialog';
import { STAFF_MONEY_NOTE } from '../../../../src/features/billing/staff-view';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const visa: PaymentMethodRecord = {
  id: 1,
  ref_id: 'pm_1',
  platform: 'bpr',
  type: 'credit_card',
  brand: 'VISA',
  last_four: '1111',
  masked_number: '**** **** **** 1111',
  name: 'Priya Nair',
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
  can_delete: false,
  accounts: [{ ref_id: 'acc_1' }],
};

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
  status: 'Unpaid',
  amount: '149.00',
  outstanding_amount: '149.00',
  due_date: '2026-12-10',
  period_start: null,
  period_end: null,
  created_at: '2026-11-01T05:00:00.000Z',
  paid_at: null,
  payable: true,
  payment: null,
};

const payment = (over: Partial<InvoicePayment>): InvoicePayment => ({
  id: 77,
  status: 'pending',
  amount: '149.00',
  method: { ref_id: 'pm_1', type: 'credit_card', brand: 'VISA', last_four: '1111', account_number: null },
  created_at: '2026-11-26T15:00:00.000Z',
  settled_at: null,
  confirmation: null,
  failure_message: null,
  ...over,
});

/** The settlement the server reports after `pendingReads` reads of the payment. */
function scripted(outcome: InvoicePayment, pendingReads: number, payAnswer?: Response) {
  let reads = 0;
  return (call: Call) => {
    const path = new URL(call.url, 'http://local').pathname.replace('/api/v1', '');
    if (path === '/payment_methods')
      return json(200, { records: [visa], can_create_payment_method: true, accounts: [] });
    if (path === '/invoices/9' && call.method === 'POST') {
      if (payAnswer) return payAnswer.clone();
      return json(200, {
        message: 'Invoice payment request sent successfully.',
        invoice: { ...invoice, status: 'Pending', payable: false, payment: payment({}) },
        payment: { id: 77, status: 'pending', amount: '149.00' },
      });
    }
    if (path === '/invoices/9/payments/77') {
      reads += 1;
      const settled = reads > pendingReads;
      const now = settled ? outcome : payment({});
      const status = now.status === 'succeeded' ? 'Paid' : now.status === 'failed' ? 'Failed' : 'Pending';
      return json(200, { invoice: { ...invoice, status, payable: false, payment: now }, payment: now });
    }
    return json(404, { errors: 'Not found' });
  };
}

async function choose() {
  fireEvent.click(screen.getByRole('button', { name: 'Choose Payment Method' }));
  fireEvent.click(await screen.findByRole('button', { name: /VISA \*\*\*\* 1111/ }));
  return screen.getByRole('button', { name: 'Pay $149.00' }) as HTMLButtonElement;
}

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

describe('paying an invoice', () => {
  it('sends one payment for a double submit, says it settles, then confirms Paid with the receipt', async () => {
    const succeeded = payment({
      status: 'succeeded',
      settled_at: '2026-11-26T15:00:02.000Z',
      confirmation: 'PS-7K2M9Q4XWD',
    });
    const calls = mockFetch(scripted(succeeded, 1));
    const changes: Invoice[] = [];
    render(
      <PayDialog
        invoice={invoice}
        zone="America/Chicago"
        onClose={() => {}}
        onChange={(i) => changes.push(i)}
      />,
    );
    const pay = await choose();
    // Two clicks before React re-renders (a fast double click on a busy page).
    act(() => {
      pay.click();
      pay.click();
    });
    expect(await screen.findByText(/being processed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Processing...' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      await screen.findByText('Invoice payment request sent successfully.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('PS-7K2M9Q4XWD')).toBeTruthy();
    expect(screen.getByText('VISA **** 1111', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('11/26/2026, 9:00 AM')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(changes.map((c) => c.status)).toEqual(['Pending', 'Paid']);
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('shows a declined settlement as Failed with the provider reason', async () => {
    mockFetch(scripted(payment({ status: 'failed', failure_message: 'Your card was declined.' }), 0));
    render(<PayDialog invoice={invoice} onClose={() => {}} onChange={() => {}} />);
    fireEvent.click(await choose());
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('Payment failed: Your card was declined.');
    expect(alert.textContent).toContain('Failed');
    expect(screen.queryByText('Invoice payment request sent successfully.')).toBeNull();
  });

  it('says plainly when the invoice was paid meanwhile, without an error', async () => {
    mockFetch(scripted(payment({}), 0, json(422, { errors: 'This invoice has already been paid.' })));
    render(<PayDialog invoice={invoice} onClose={() => {}} onChange={() => {}} />);
    fireEvent.click(await choose());
    expect(await screen.findByText('This invoice has already been paid.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns Pay Now off for staff, says Paid on a paid invoice, Processing while it settles, and What to do when Failed', () => {
    const onPay = vi.fn();
    const onReceipt = vi.fn();
    const onFailed = vi.fn();
    const { rerender } = render(
      <>
        <p id="billing-staff-note">{STAFF_MONEY_NOTE}</p>
        <PayCell row={invoice} staff onPay={onPay} onReceipt={onReceipt} onFailed={onFailed} />
      </>,
    );
    const off = screen.getByRole('button', { name: 'Pay Now INV-2026-00009' }) as HTMLButtonElement;
    expect(off.disabled).toBe(true);
    expect(off.getAttribute('aria-describedby')).toBe('billing-staff-note');
    rerender(
      <PayCell
        row={{ ...invoice, status: 'Paid', payable: false }}
        staff={false}
        onPay={onPay}
        onReceipt={onReceipt}
        onFailed={onFailed}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paid, view receipt INV-2026-00009' }));
    expect(onReceipt).toHaveBeenCalled();
    rerender(
      <PayCell
        row={{ ...invoice, status: 'Pending', payable: false }}
        staff={false}
        onPay={onPay}
        onReceipt={onReceipt}
        onFailed={onFailed}
      />,
    );
    expect(screen.getByText('Processing')).toBeTruthy();
    rerender(
      <PayCell
        row={{ ...invoice, status: 'Failed', payable: false }}
        staff={false}
        onPay={onPay}
        onReceipt={onReceipt}
        onFailed={onFailed}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'What to do: payment failed, INV-2026-00009' }));
    expect(onFailed).toHaveBeenCalled();
    expect(onPay).not.toHaveBeenCalled();
  });
});
