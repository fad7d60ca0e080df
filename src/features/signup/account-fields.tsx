/**
 * The account fields shared by the sign-up steps that ask for a person (step 1 of every flow, the
 * custom flow's review): first and last name, phone and email, read-only once the account exists,
 * and the new password with its live strength meter plus its confirmation (spec part 1 §3, §5). The passwords are never stored with the
 * wizard's progress, so the caller keeps them in its own state.
 */
import { useState } from 'react';
import { EmailInput } from '../../ui/inputs/email-input';
import { PasswordInput } from '../../ui/inputs/password-input';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { TextInput } from '../../ui/inputs/text-input';
import { str } from './form-values';
import { labels } from './messages';
import { fieldId } from './use-step-form';

type FieldErrors = (field: string) => string | null | undefined;

type PersonFieldsProps = {
  values: Record<string, unknown>;
  errorFor: FieldErrors;
  set: (field: string) => (value: string) => void;
  locked: boolean;
};

export function NameFields({ values, errorFor, set, locked }: PersonFieldsProps) {
  return (
    <>
      {(['first_name', 'last_name'] as const).map((field) => (
        <TextInput
          key={field}
          id={fieldId(field)}
          label={labels[field]}
          required
          disabled={locked}
          autoComplete={field === 'first_name' ? 'given-name' : 'family-name'}
          value={str(values[field])}
          error={errorFor(field)}
          onChange={set(field)}
        />
      ))}
    </>
  );
}

export function ContactFields({ values, errorFor, set, locked }: PersonFieldsProps) {
  return (
    <>
      <PhoneInput
        id={fieldId('phone_number')}
        label={labels.phone_number}
        required
        disabled={locked}
        value={str(values.phone_number)}
        error={errorFor('phone_number')}
        onChange={set('phone_number')}
      />
      <EmailInput
        id={fieldId('email')}
        label={labels.email}
        required
        disabled={locked}
        value={str(values.email)}
        error={errorFor('email')}
        onChange={set('email')}
      />
    </>
  );
}

/** The new password and its confirmation, kept only in memory (never with the wizard's progress). */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return { password, confirm, setPassword, setConfirm, values: { password, confirm_password: confirm } };
}

type NewPasswordFieldsProps = {
  passwords: ReturnType<typeof useNewPassword>;
  errorFor: FieldErrors;
  touched: (field: string) => void;
};

export function NewPasswordFields({ passwords, errorFor, touched }: NewPasswordFieldsProps) {
  const { password, confirm, setPassword, setConfirm } = passwords;
  return (
    <>
      <PasswordInput
        id={fieldId('password')}
        label={labels.password}
        required
        meter
        value={password}
        error={errorFor('password')}
        onChange={(value) => {
          setPassword(value);
          touched('password');
        }}
      />
      <PasswordInput
        id={fieldId('confirm_password')}
        label={labels.confirm_password}
        required
        mustMatch={password}
        autoComplete="new-password"
        value={confirm}
        error={errorFor('confirm_password')}
        onChange={(value) => {
          setConfirm(value);
          touched('confirm_password');
        }}
      />
    </>
  );
}
