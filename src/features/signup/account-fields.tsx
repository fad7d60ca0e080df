/**
 * The account fields shared by the sign-up steps that ask for a person (step 1 of every flow, the
 * custom flow's review): first and last name, phone and email, read-only once the account exists,
 * and the new password with its live strength meter plus its confirmation (spec part 1 §3, §5),
 * each bound to the step's form (use-wizard-form.ts). The passwords live in the form only, never
 * with the wizard's progress.
 */
import { FormField } from '@/ui/form/form-field';
import type { RulesForm } from '@/ui/form/use-rules-form';
import { EmailInput } from '@/ui/inputs/email-input';
import { PasswordInput } from '@/ui/inputs/password-input';
import { PhoneInput } from '@/ui/inputs/phone-input';
import { TextInput } from '@/ui/inputs/text-input';
import { labels } from './messages';
import { fieldId, type StepValues } from './use-wizard-form';

type PersonFieldsProps = { form: RulesForm<StepValues>; locked: boolean };

/** The fields of a person, with their kinds, for a step's `fields`. */
export const NAME_FIELDS = { first_name: '', last_name: '' } as const;
export const CONTACT_FIELDS = { phone_number: '', email: '' } as const;
export const PASSWORD_FIELDS = { password: '', confirm_password: '' } as const;

export function NameFields({ form, locked }: PersonFieldsProps) {
  return (
    <>
      {(['first_name', 'last_name'] as const).map((name) => (
        <FormField key={name} form={form} name={name}>
          {(field) => (
            <TextInput
              id={fieldId(name)}
              label={labels[name]}
              required
              disabled={locked}
              autoComplete={name === 'first_name' ? 'given-name' : 'family-name'}
              {...field}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

export function ContactFields({ form, locked }: PersonFieldsProps) {
  return (
    <>
      <FormField form={form} name="phone_number">
        {(field) => (
          <PhoneInput
            id={fieldId('phone_number')}
            label={labels.phone_number}
            required
            disabled={locked}
            {...field}
          />
        )}
      </FormField>
      <FormField form={form} name="email">
        {(field) => (
          <EmailInput id={fieldId('email')} label={labels.email} required disabled={locked} {...field} />
        )}
      </FormField>
    </>
  );
}

/** The new password and its confirmation: the form's only fields never saved with the progress. */
export function NewPasswordFields({ form }: { form: RulesForm<StepValues> }) {
  return (
    <>
      <FormField form={form} name="password">
        {(field) => (
          <PasswordInput id={fieldId('password')} label={labels.password} required meter {...field} />
        )}
      </FormField>
      <FormField form={form} name="confirm_password">
        {(field) => (
          <PasswordInput
            id={fieldId('confirm_password')}
            label={labels.confirm_password}
            required
            autoComplete="new-password"
            {...field}
          />
        )}
      </FormField>
    </>
  );
}
