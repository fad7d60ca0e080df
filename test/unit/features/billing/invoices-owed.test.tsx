/**
 * "You owe": the total with what can be paid now, what needs the payment method (Failed) and what
 * is charged automatically; an answer stored before the parts existed says the total only. The
 * e-mail text breaks only at its '@' and the domain's dots.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoicesOwed } from '../../../../src/features/billing/invoices-owed';
import { EmailText } from '../../../../src/ui/email-text';

const noop = () => {};

describe('InvoicesOwed', () => {
  afterEach(cleanup);

  it('separates can pay now, needs your payment method and charged automatically', () => {
    render(
      <InvoicesOwed
        owed={{
          amount: '8000.00',
          count: 4,
          payable: { amount: '667.20', count: 1 },
          failed: { amount: '7186.00', count: 2 },
        }}
        unpaidOnly={false}
        onShowUnpaid={noop}
        onShowAll={noop}
      />,
    );
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toBe(
      'You owe $8,000.00 across 4 invoices: $667.20 can be paid now; $7,186.00 needs your payment method (a charge failed: update it); $146.80 is charged automatically. View unpaid invoices',
    );
    expect(screen.getByRole('link', { name: 'update it (the payment method)' }).getAttribute('href')).toBe(
      '/dashboard/billing/payment-methods',
    );
  });

  it('says the total only for an answer without the parts, and no parts when nothing failed', () => {
    const { rerender } = render(
      <InvoicesOwed
        owed={{ amount: '10.00', count: 1 }}
        unpaidOnly={false}
        onShowUnpaid={noop}
        onShowAll={noop}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'You owe $10.00 across 1 invoice. View unpaid invoices',
    );
    rerender(
      <InvoicesOwed
        owed={{
          amount: '10.00',
          count: 1,
          payable: { amount: '10.00', count: 1 },
          failed: { amount: '0.00', count: 0 },
        }}
        unpaidOnly={false}
        onShowUnpaid={noop}
        onShowAll={noop}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'You owe $10.00 across 1 invoice. View unpaid invoices',
    );
  });
});

describe('EmailText', () => {
  afterEach(cleanup);

  it("offers breaks before the '@' and the domain's dots only", () => {
    const { container } = render(<EmailText email="jordan.blake@provider.example" />);
    expect(container.textContent).toBe('jordan.blake@provider.example');
    expect(container.innerHTML).toBe('jordan.blake<wbr>@provider<wbr>.example');
  });
});
