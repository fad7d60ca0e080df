/**
 * Step 1, account creation, of the standard and legacy flows (and the pay-per-call flavour):
 * names, business name, job title, phone, email, password with its live strength meter, and its
 * confirmation (spec part 1 §2, §3, §5).
 *
 * - Success signs the new customer in (token, user id, user) in the same session write as the
 *   progress, then moves on; the legacy flow also prefills step 2's notification fields.
 * - Once the account exists (the customer came back to step 1) the fields are read-only and the
 *   button simply moves on: posting again would only find the email taken.
 */
import type { FormEvent } from 'react';
import type { RegisterBody } from '@/api/contracts/signup';
import { displayPhone } from '@/lib/phone';
import { FormField } from '@/ui/form/form-field';
import { TextInput } from '@/ui/inputs/text-input';
import {
  CONTACT_FIELDS,
  ContactFields,
  NAME_FIELDS,
  NameFields,
  NewPasswordFields,
  PASSWORD_FIELDS,
} from './account-fields';
import { str } from './form-values';
import { headings, labels, texts } from './messages';
import { postLegacyRegister, postRegister } from './signup-api';
import { StepActions } from './step-actions';
import type { Wizard } from './use-wizard';
import { fieldId, useWizardForm } from './use-wizard-form';

const FIELDS = {
  ...NAME_FIELDS,
  business_name: '',
  job_title: '',
  ...CONTACT_FIELDS,
  ...PASSWORD_FIELDS,
} as const;

const SUMMARY = ['first_name', 'last_name', 'business_name', 'job_title', 'phone_number', 'email'] as const;

export function AccountStep({ wizard }: { wizard: Wizard }) {
  const { state, session } = wizard;
  const msId = state.flow === 'legacy' ? session.ms_id : null;
  const locked = state.registered;
  const step = useWizardForm(wizard, {
    rules: locked ? null : msId ? 'legacy-account' : 'standard-account',
    fields: FIELDS,
    trimmed: ['email'],
  });
  const { form } = step;
  const values = form.getValues() as Record<string, unknown>;

  const text = (name: 'business_name' | 'job_title', autoComplete: string) => (
    <FormField form={form} name={name}>
      {(field) => (
        <TextInput
          id={fieldId(name)}
          label={labels[name]}
          required
          disabled={locked}
          autoComplete={autoComplete}
          {...field}
        />
      )}
    </FormField>
  );

  const onSubmit = (event: FormEvent) => {
    if (locked) {
      event.preventDefault();
      void wizard.advance();
      return;
    }
    void step.submit(event, async (values, saved) => {
      const body: RegisterBody = {
        first_name: str(values.first_name),
        last_name: str(values.last_name),
        business_name: str(values.business_name),
        job_title: str(values.job_title),
        phone_number: str(values.phone_number),
        email: str(values.email),
        password: str(values.password),
        confirm_password: str(values.confirm_password),
        product: state.variant === 'pay-per-call' ? 'pay_per_call' : null,
      };
      const answer = msId
        ? await postLegacyRegister({ ...body, ms_id: msId }, state.link_key)
        : await postRegister(body);
      const profile = answer.business_profile;
      const prefill: Record<string, string> =
        state.flow === 'legacy'
          ? {
              call_transfer_phone_number: profile?.call_transfer_phone_number ?? body.phone_number,
              email_notification: profile?.email_notification ?? body.email,
              sms_notification: profile?.sms_notification ?? body.phone_number,
            }
          : {};
      await wizard.advance(
        { registered: true, values: { ...saved, ...prefill, name: str(saved.name) || body.business_name } },
        { token: answer.token, user_id: answer.user_id, user: answer.user, business_profile: profile },
      );
    });
  };

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.account.title}
      </h1>
      <p className="signup-card__lead">{locked ? texts.alreadyRegistered : headings.account.lead}</p>
      {locked ? (
        // The account exists: what it was created with, as facts rather than fields that look
        // editable but cannot change it.
        <dl className="signup-summary">
          {SUMMARY.map((name) => (
            <div key={name} className="signup-summary__row">
              <dt>{labels[name]}</dt>
              <dd>{name === 'phone_number' ? displayPhone(str(values[name])) : str(values[name])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="signup-grid">
          <NameFields form={form} locked={locked} />
          {text('business_name', 'organization')}
          {text('job_title', 'organization-title')}
          <ContactFields form={form} locked={locked} />
        </div>
      )}
      {locked ? null : <NewPasswordFields form={form} />}
      <StepActions
        label={texts.nextStep}
        posting={step.posting}
        emailTaken={step.emailTaken}
        notice={step.notice}
      />
    </form>
  );
}
