import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordControl as BareControl } from '../../../../src/ui/inputs/password-control';
import { PasswordInput } from '../../../../src/ui/inputs/password-input';

const PASSWORD_MESSAGE =
  'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.';

function Harness() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return (
    <>
      <PasswordInput id="password" label="Password" required meter value={password} onChange={setPassword} />
      <PasswordInput
        id="confirm"
        label="Confirm password"
        required
        mustMatch={password}
        value={confirm}
        onChange={setConfirm}
      />
    </>
  );
}

// Required labels end with a '*' that screen readers skip (aria-hidden).
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input' }) as HTMLInputElement;
const metChecks = () =>
  [...document.querySelectorAll('.password-meter__check[data-met="true"]')].map(
    (li) => li.firstChild?.nextSibling?.textContent,
  );

afterEach(cleanup);

describe('PasswordInput', () => {
  it('updates the strength meter on every keystroke', () => {
    render(<Harness />);
    expect(metChecks()).toEqual([]);
    expect(screen.getByText('Password strength')).toBeTruthy();
    const steps: [string, string[], string][] = [
      ['a', [], 'Weak'],
      ['aB', ['Upper and lower case letters'], 'Weak'],
      ['aB3', ['Upper and lower case letters', 'A number'], 'Fair'],
      ['aB3!', ['Upper and lower case letters', 'A symbol', 'A number'], 'Good'],
      [
        'aB3!efgh',
        ['At least 8 characters', 'Upper and lower case letters', 'A symbol', 'A number'],
        'Strong',
      ],
    ];
    for (const [value, met, strength] of steps) {
      fireEvent.change(field('Password'), { target: { value } });
      expect(metChecks()).toEqual(met);
      expect(screen.getByText(`Password strength: ${strength}`)).toBeTruthy();
    }
    expect(field('Password').getAttribute('aria-describedby')).toBe('password-meter');
  });

  it('shows and hides the password with a named toggle', () => {
    render(<Harness />);
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    expect(field('Password').type).toBe('password');
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('gives the spec messages after blur', () => {
    render(<Harness />);
    fireEvent.blur(field('Password'));
    expect(screen.getAllByText('This field is required*')).toHaveLength(1);
    fireEvent.change(field('Password'), { target: { value: 'weakpass' } });
    expect(screen.getByText(PASSWORD_MESSAGE)).toBeTruthy();
    fireEvent.change(field('Password'), { target: { value: 'Portal-demo-1!' } });
    expect(screen.queryByText(PASSWORD_MESSAGE)).toBeNull();
    fireEvent.change(field('Confirm password'), { target: { value: 'Portal-demo-1' } });
    fireEvent.blur(field('Confirm password'));
    expect(screen.getByText('Does Not match password')).toBeTruthy();
    fireEvent.change(field('Confirm password'), { target: { value: 'Portal-demo-1!' } });
    expect(screen.queryByText('Does Not match password')).toBeNull();
  });

  it('keeps the bare control the sign-in form uses', () => {
    render(
      <>
        <label htmlFor="bare">Password</label>
        <BareControl id="bare" value="x" onChange={() => {}} aria-describedby="help" />
      </>,
    );
    expect(field('Password').getAttribute('aria-describedby')).toBe('help');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});
