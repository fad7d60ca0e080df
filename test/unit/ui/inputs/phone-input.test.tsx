import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneInput } from '../../../../src/ui/inputs/phone-input';

function Harness({ onDigits, error }: { onDigits?: (digits: string) => void; error?: string | null }) {
  const [digits, setDigits] = useState('');
  return (
    <PhoneInput
      id="phone"
      label="Phone"
      required
      error={error}
      value={digits}
      onChange={(next) => {
        setDigits(next);
        onDigits?.(next);
      }}
    />
  );
}

const phoneInput = () => screen.getByLabelText(/Phone/) as HTMLInputElement;
const type = (value: string) => fireEvent.change(phoneInput(), { target: { value } });

afterEach(cleanup);

describe('PhoneInput', () => {
  it('formats as typed and hands the form digits only', () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    const steps: [string, string][] = [
      ['5', '(5'],
      ['(512', '(512'],
      ['(5125', '(512) 5'],
      ['(512) 5551', '(512) 555-1'],
      ['(512) 555-1234', '(512) 555-1234'],
    ];
    for (const [typed, shown] of steps) {
      type(typed);
      expect(phoneInput().value).toBe(shown);
    }
    expect(onDigits).toHaveBeenLastCalledWith('5125551234');
    expect(phoneInput().type).toBe('tel');
  });

  it('clears the field when more than 10 digits arrive', () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    type('5125551234');
    type('(512) 555-12345');
    expect(phoneInput().value).toBe('');
    expect(onDigits).toHaveBeenLastCalledWith('');
    type('+1 512 555 1234');
    expect(phoneInput().value).toBe('');
  });

  it('ignores letters and punctuation', () => {
    render(<Harness />);
    type('512-abc-55');
    expect(phoneInput().value).toBe('(512) 55');
  });

  it('says what is wrong after blur, tied to the input', () => {
    render(<Harness />);
    fireEvent.blur(phoneInput());
    expect(screen.getByText('This field is required*')).toBeTruthy();
    type('512555');
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(phoneInput().getAttribute('aria-describedby')).toBe('phone-error');
    expect(document.getElementById('phone-error')?.textContent).toBe('Invalid phone number');
    type('5125551234');
    expect(screen.queryByText('Invalid phone number')).toBeNull();
    expect(phoneInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('shows nothing before the first blur, and the form message when given', () => {
    const { rerender } = render(<Harness />);
    type('512');
    expect(screen.queryByText('Invalid phone number')).toBeNull();
    rerender(<Harness error="This number is already used" />);
    expect(screen.getByText('This number is already used')).toBeTruthy();
  });
});
