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
import type { RegisterBody } from '../../api/contracts/signup';
import { TextInput } from '../../ui/inputs/text-input';
import { ContactFields, NewPasswordFields, useNewPassword } from './account-fields';
import { str } from './form-values';
import { headings, labels, texts } from './messages';
import { postLegacyRegister, postRegister } from './signup-api';
import { StepActions } from './step-actions';
import { fieldId, useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

export function AccountStep({ wizard }: { wizard: Wizard }) {
  const { state, session } = wizard;
  const msId = state.flow === 'legacy' ? session.ms_id : null;
  const passwords = useNewPassword();
  const { password, confirm } = passwords;
  const values = { ...state.values, ...passwords.values };
  const form = useStepForm(state.registered ? null : msId ? 'legacy-account' : 'standard-account', values);
  const locked = state.registered;
  const set = (field: string) => (value: string) => {
    wizard.setValues({ [field]: value });
    form.touched(field);
  };

  const text = (field: keyof typeof labels, options: { autoComplete?: string } = {}) => (
    <TextInput
      id={fieldId(field)}
      label={labels[field]}
      required
      disabled={locked}
      autoComplete={options.autoComplete}
      value={str(state.values[field])}
      error={form.errorFor(field)}
      onChange={set(field)}
    />
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked) {
      await wizard.advance();
      return;
    }
    await form.submit(async () => {
      const v = state.values;
      const body: RegisterBody = {
        first_name: str(v.first_name),
        last_name: str(v.last_name),
        business_name: str(v.business_name),
        job_title: str(v.job_title),
        phone_number: str(v.phone_number),
        email: str(v.email).trim(),
        password,
        confirm_password: confirm,
        product: state.variant === 'pay-per-call' ? 'pay_per_call' : null,
      };
      const answer = msId ? await postLegacyRegister({ ...body, ms_id: msId }) : await postRegister(body);
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
        { registered: true, values: { ...v, ...prefill, name: str(v.name) || body.business_name } },
        { token: answer.token, user_id: answer.user_id, user: answer.user, business_profile: profile },
      );
    });
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.account.title}
      </h1>
      <p className="signup-card__lead">{locked ? texts.alreadyRegistered : headings.account.lead}</p>
      <div className="signup-grid">
        {text('first_name', { autoComplete: 'given-name' })}
        {text('last_name', { autoComplete: 'family-name' })}
        {text('business_name', { autoComplete: 'organization' })}
        {text('job_title', { autoComplete: 'organization-title' })}
        <ContactFields values={state.values} errorFor={form.errorFor} set={set} locked={locked} />
      </div>
      {locked ? null : (
        <NewPasswordFields passwords={passwords} errorFor={form.errorFor} touched={form.touched} />
      )}
      <StepActions
        label={texts.nextStep}
        posting={form.posting}
        emailTaken={form.emailTaken}
        notice={form.notice}
      />
    </form>
  );
}
