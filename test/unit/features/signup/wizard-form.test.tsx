/**
 * A wizard step's form (use-wizard-form.ts): react-hook-form seeded from the wizard's saved
 * progress, every change saved back (never the passwords), the step's contract rules on submit
 * with focus on the first invalid field, the valid values handed on trimmed, and a 422 on the
 * fields (a taken email also offering 'Go To Login').
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors';
import {
  CONTACT_FIELDS,
  ContactFields,
  NAME_FIELDS,
  NameFields,
  NewPasswordFields,
  PASSWORD_FIELDS,
} from '../../../../src/features/signup/account-fields';
import { CategoriesField } from '../../../../src/features/signup/business-profile-fields';
import type { Wizard } from '../../../../src/features/signup/use-wizard';
import {
  type StepPost,
  savedValues,
  seedValues,
  useWizardForm,
} from '../../../../src/features/signup/use-wizard-form';
import { newWizard, type Values } from '../../../../src/features/signup/wizard-state';

afterEach(cleanup);

const REQUIRED = 'This field is required*';
/** The custom review's rule set; the fields the test does not show are kept as saved. */
const FIELDS = {
  ...NAME_FIELDS,
  categories: [],
  name: '',
  address: '',
  ...CONTACT_FIELDS,
  ...PASSWORD_FIELDS,
} as const;
const services = { options: [{ name: 'roofing', label: 'Roofing' }], error: null };

function fakeWizard(values: Values) {
  const setValues = vi.fn();
  const wizard = { state: newWizard('custom', 'default', { values }), setValues } as unknown as Wizard;
  return { wizard, setValues };
}

function Step({ wizard, run }: { wizard: Wizard; run: StepPost }) {
  const step = useWizardForm(wizard, { rules: 'custom-business', fields: FIELDS, trimmed: ['email'] });
  return (
    <form noValidate onSubmit={(event) => void step.submit(event, run)}>
      <NameFields form={step.form} locked={false} />
      <CategoriesField form={step.form} services={services} required />
      <ContactFields form={step.form} locked={false} />
      <NewPasswordFields form={step.form} />
      <button type="submit">{step.emailTaken ? 'Go To Login' : 'Next Step'}</button>
    </form>
  );
}

function AccountHarness({ wizard, run }: { wizard: Wizard; run: StepPost }) {
  const step = useWizardForm(wizard, {
    rules: 'standard-account',
    fields: { ...NAME_FIELDS, business_name: '', job_title: '', ...CONTACT_FIELDS, ...PASSWORD_FIELDS },
  });
  return (
    <form noValidate onSubmit={(event) => void step.submit(event, run)}>
      <NewPasswordFields form={step.form} />
      <button type="submit">Next Step</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
const SAVED = {
  first_name: 'Nora',
  last_name: 'Quinn',
  categories: ['roofing'],
  name: 'Quinn Roofing',
  address: '12 Main St, Austin, TX 78701',
  phone_number: '(512) 555-0199',
  email: 'nora@quinn.example',
  password: 'leaked!',
};

describe('seedValues and savedValues', () => {
  it('seeds each field with its saved value of its kind, passwords always empty', () => {
    expect(
      seedValues({ name: '', categories: [], password: '' }, { name: 'Q', categories: 'x', password: 'p' }),
    ).toEqual({ name: 'Q', categories: [], password: '' });
  });

  it('saves everything but the passwords', () => {
    expect(savedValues({ email: 'a', categories: ['b'], password: 'p', confirm_password: 'p' })).toEqual({
      email: 'a',
      categories: ['b'],
    });
  });
});

describe('useWizardForm', () => {
  it("shows the wizard's saved values and saves every change back, never a password", () => {
    const { wizard, setValues } = fakeWizard(SAVED);
    render(<Step wizard={wizard} run={vi.fn()} />);
    expect(input('First name').value).toBe('Nora');
    expect(input('Password').value).toBe('');
    fireEvent.change(input('First name'), { target: { value: 'Norah' } });
    expect(setValues).toHaveBeenLastCalledWith(expect.objectContaining({ first_name: 'Norah' }));
    fireEvent.change(input('Password'), { target: { value: 'Str0ng!pass' } });
    for (const [values] of setValues.mock.calls) expect(values).not.toHaveProperty('password');
  });

  it("checks the step's contract rules on submit and focuses the first invalid field", async () => {
    const { wizard } = fakeWizard({});
    const run = vi.fn();
    render(<Step wizard={wizard} run={run} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next Step' })));
    expect(screen.getAllByText(REQUIRED).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(input('First name'));
    expect(run).not.toHaveBeenCalled();
  });

  it('hands on the trimmed values, and them saved without the passwords', async () => {
    const { wizard } = fakeWizard({ ...SAVED, email: '  nora@quinn.example ', website: 'kept.example' });
    const run = vi.fn<StepPost>(async () => {});
    render(<Step wizard={wizard} run={run} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next Step' })));
    expect(run).toHaveBeenCalledTimes(1);
    const [values, saved] = run.mock.calls[0];
    expect(values.email).toBe('nora@quinn.example');
    expect(saved).toMatchObject({ email: 'nora@quinn.example', website: 'kept.example' });
    expect(saved).not.toHaveProperty('password');
  });

  it("puts a 422 on its field and offers 'Go To Login' for a taken email", async () => {
    const { wizard } = fakeWizard(SAVED);
    const run = vi.fn<StepPost>(async () => {
      throw new ApiError(422, 'Invalid input', { email: ['This email has already been taken'] });
    });
    render(<Step wizard={wizard} run={run} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next Step' })));
    expect(screen.getByText('This email has already been taken')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go To Login' })).toBeTruthy();
    expect(document.activeElement).toBe(input('Email'));
    // Leaving the field (to press the button again) keeps the server's message; a change drops it.
    fireEvent.blur(input('Email'));
    expect(screen.getByText('This email has already been taken')).toBeTruthy();
    fireEvent.change(input('Email'), { target: { value: 'nora.q@quinn.example' } });
    expect(screen.queryByText('This email has already been taken')).toBeNull();
  });

  it('re-checks the confirmation live when the password changes after a submit', async () => {
    const { wizard } = fakeWizard({ ...SAVED, business_name: 'Quinn Roofing', job_title: 'Owner' });
    const run = vi.fn<StepPost>(async () => {});
    render(<AccountHarness wizard={wizard} run={run} />);
    fireEvent.change(input('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(input('Confirm password'), { target: { value: 'Str0ng!pass' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next Step' })));
    expect(run).toHaveBeenCalledTimes(1);
    fireEvent.change(input('Password'), { target: { value: 'Str0ng!pass2' } });
    expect(screen.getByText('Does Not match password')).toBeTruthy();
  });
});
