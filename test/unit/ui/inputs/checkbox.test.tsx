import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from '../../../../src/ui/inputs/checkbox';

afterEach(cleanup);

function Toggle({ disabled, indeterminate }: { disabled?: boolean; indeterminate?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Checkbox
        className="row"
        label="Open"
        description="Takes calls all day"
        checked={on}
        disabled={disabled}
        indeterminate={indeterminate}
        onChange={setOn}
      />
      <p>{on ? 'is on' : 'is off'}</p>
    </>
  );
}

describe('Checkbox', () => {
  it('is named by its label, toggles from a click on the text and reports the new state', () => {
    render(<Toggle />);
    const box = screen.getByRole('checkbox', { name: 'Open' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('Open'));
    expect(box.checked).toBe(true);
    expect(screen.getByText('is on')).toBeTruthy();
    fireEvent.click(box);
    expect(screen.getByText('is off')).toBeTruthy();
    expect(box.closest('label')?.className).toBe('row');
  });

  it('is described by its description', () => {
    render(<Toggle />);
    const box = screen.getByRole('checkbox', { name: 'Open' });
    const described = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Takes calls all day');
  });

  it('does not change when disabled', () => {
    render(<Toggle disabled />);
    const box = screen.getByRole('checkbox', { name: 'Open' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    fireEvent.click(box);
    expect(screen.getByText('is off')).toBeTruthy();
  });

  it('shows the mixed state, and drops it when told', () => {
    const { rerender } = render(<Toggle indeterminate />);
    const box = screen.getByRole('checkbox', { name: 'Open' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    rerender(<Toggle indeterminate={false} />);
    expect(box.indeterminate).toBe(false);
  });

  it('named by text elsewhere (links in it), it renders the bare input for the caller to place', () => {
    function Terms() {
      const [agreed, setAgreed] = useState(false);
      return (
        <div>
          <Checkbox id="terms" aria-labelledby="terms-text" checked={agreed} onChange={setAgreed} />
          <p id="terms-text">
            <label htmlFor="terms">I agree to the</label> <a href="/terms">terms</a>
          </p>
        </div>
      );
    }
    render(<Terms />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' }) as HTMLInputElement;
    expect(box.closest('label')).toBeNull();
    fireEvent.click(screen.getByText('I agree to the'));
    expect(box.checked).toBe(true);
  });
});
