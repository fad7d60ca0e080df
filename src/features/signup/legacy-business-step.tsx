/**
 * Step 2 of the legacy flow and the pay-per-call flavour: the business profile plus where calls
 * go and how new leads are announced (platform, default live; call transfer number; email and SMS
 * notification targets, prefilled from step 1). Spec part 1 §3 "Legacy flow", §5.
 */
import type { FormEvent } from 'react';
import { EmailInput } from '../../ui/inputs/email-input';
import { Field } from '../../ui/inputs/field';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { BusinessProfileFields } from './business-profile-fields';
import { list, str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { postLegacyAccount } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import { fieldId, useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

const PLATFORMS = [
  ['live', 'Pay Per Call'],
  ['direct', 'Performance Paid Media'],
] as const;

export function LegacyBusinessStep({ wizard }: { wizard: Wizard }) {
  const { state, session } = wizard;
  const services = useServices(false);
  const form = useStepForm('legacy-business', state.values);
  const set = (field: string) => (value: string | string[]) => {
    wizard.setValues({ [field]: value });
    form.touched(field);
  };
  const platform = str(state.values.platform) === 'direct' ? 'direct' : 'live';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async () => {
      const v = state.values;
      const answer = await postLegacyAccount({
        name: str(v.name),
        categories: list(v.categories),
        address: str(v.address),
        website: str(v.website),
        platform,
        call_transfer_phone_number: str(v.call_transfer_phone_number),
        email_notification: str(v.email_notification),
        sms_notification: str(v.sms_notification),
        ms_id: session.ms_id,
      });
      await wizard.advance({}, { user: answer.user, business_profile: answer.business_profile });
    });
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.legacyBusiness.title}
      </h1>
      <p className="signup-card__lead">{headings.legacyBusiness.lead}</p>
      <BusinessProfileFields
        values={state.values}
        errorFor={form.errorFor}
        set={set}
        services={services}
        required
      />
      <Field id={fieldId('platform')} label={labels.platform}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={platform}
            onChange={(event) => set('platform')(event.target.value)}
          >
            {PLATFORMS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="signup-grid">
        <PhoneInput
          id={fieldId('call_transfer_phone_number')}
          label={labels.call_transfer_phone_number}
          required
          hint={tips.call_transfer_phone_number}
          value={str(state.values.call_transfer_phone_number)}
          error={form.errorFor('call_transfer_phone_number')}
          onChange={set('call_transfer_phone_number')}
        />
        <PhoneInput
          id={fieldId('sms_notification')}
          label={labels.sms_notification}
          hint={tips.sms_notification}
          value={str(state.values.sms_notification)}
          error={form.errorFor('sms_notification')}
          onChange={set('sms_notification')}
        />
      </div>
      <EmailInput
        id={fieldId('email_notification')}
        label={labels.email_notification}
        required
        hint={tips.email_notification}
        autoComplete="off"
        value={str(state.values.email_notification)}
        error={form.errorFor('email_notification')}
        onChange={set('email_notification')}
      />
      <StepActions label={texts.nextStep} posting={form.posting} notice={form.notice} />
    </form>
  );
}
