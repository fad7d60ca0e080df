/**
 * The payment form's provider token (spec part 1 §4, §8, §9): fetched about 1 s after the form
 * appears, 'No Returned Auth Token' when the answer has none; fields validated on key up and blur,
 * and submit disabled until everything is valid.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '../../../../src/ui/toast';
import { PaymentForm } from '../../../../src/widgets/payment-form/payment-form';
import { json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PaymentForm', () => {
  it("asks for the provider token about 1 s after it appears and says 'No Returned Auth Token' without one", async () => {
    const calls = mockFetch(() => json(200, { token: null }));
    render(<PaymentForm platform="bpr" context="invoices" onAdded={() => {}} />);
    await wait(900);
    expect(calls).toHaveLength(0);
    await wait(150);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/bpr/paysimple/token']);
    await wait(10);
    expect(toastError).toHaveBeenCalledWith('No Returned Auth Token');
  });

  it('checks names and email on key up and blur, with the spec messages', async () => {
    mockFetch(() => json(200, { token: null }));
    render(<PaymentForm platform="live" context="signup" onAdded={() => {}} />);
    const first = screen.getByLabelText(/First name/);
    fireEvent.keyUp(first);
    expect(screen.getByText('First name is required')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText(/Last name/));
    expect(screen.getByText('Last name is required')).toBeTruthy();
    const email = screen.getByLabelText(/Email/);
    fireEvent.keyUp(email);
    expect(screen.getByText('Email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'maria@summit' } });
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    fireEvent.change(first, { target: { value: 'Maria' } });
    expect(screen.queryByText('First name is required')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add Payment Method' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows the ACH authorization box only for ACH', async () => {
    mockFetch(() => json(200, { token: null }));
    render(<PaymentForm platform="live" context="signup" onAdded={() => {}} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'ACH (Bank Account)' }));
    expect(screen.getByRole('checkbox', { name: /I authorize/ })).toBeTruthy();
  });
});
