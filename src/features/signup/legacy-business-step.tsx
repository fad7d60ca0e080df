/**
 * Step 2 of the legacy flow and the pay-per-call flavour: the business profile plus where calls
 * go and how new leads are announced (platform, default live; call transfer number; email and SMS
 * notification targets, prefilled from step 1). Spec part 1 §3 "Legacy flow", §5.
 */
import type { FormEvent } from 'react';
import { FormField } from '@/ui/form/form-field';
import { EmailInput } from '@/ui/inputs/email-input';
import { PhoneInput } from '@/ui/inputs/phone-input';
import { Select } from '@/ui/inputs/select';
import { BUSINESS_PROFILE_FIELDS, BusinessProfileFields } from './business-profile-fields';
import { list, str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { postLegacyAccount } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import type { Wizard } from './use-wizard';
import { fieldId, useWizardForm } from './use-wizard-form';

const PLATFORMS = [
  { value: 'live', label: 'Pay Per Call' },
  { value: 'direct', label: 'Performance Paid Media' },
];

const FIELDS = {
  ...BUSINESS_PROFILE_FIELDS,
  platform: '',
  call_transfer_phone_number: '',
  sms_notification: '',
  email_notification: '',
} as const;

/** The platform chosen, live unless the customer picked direct. */
const platformOf = (value: unknown) => (str(value) === 'direct' ? 'direct' : 'live');

export function LegacyBusinessStep({ wizard }: { wizard: Wizard }) {
  const { session } = wizard;
  const services = useServices(null);
  const step = useWizardForm(wizard, {
    rules: 'legacy-business',
    fields: FIELDS,
    trimmed: ['email_notification'],
  });
  const { form } = step;

  const onSubmit = (event: FormEvent) =>
    void step.submit(event, async (values, saved) => {
      const answer = await postLegacyAccount({
        name: str(values.name),
        categories: list(values.categories),
        address: str(values.address),
        website: str(values.website),
        platform: platformOf(values.platform),
        call_transfer_phone_number: str(values.call_transfer_phone_number),
        email_notification: str(values.email_notification),
        sms_notification: str(values.sms_notification),
        ms_id: session.ms_id,
      });
      await wizard.advance(
        { values: saved },
        { user: answer.user, business_profile: answer.business_profile },
      );
    });

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.legacyBusiness.title}
      </h1>
      <p className="signup-card__lead">{headings.legacyBusiness.lead}</p>
      <BusinessProfileFields form={form} services={services} required />
      <FormField form={form} name="platform">
        {(field) => (
          <Select
            id={fieldId('platform')}
            label={labels.platform}
            ref={field.ref}
            name={field.name}
            value={platformOf(field.value)}
            options={PLATFORMS}
            onChange={field.onChange}
          />
        )}
      </FormField>
      <div className="signup-grid">
        <FormField form={form} name="call_transfer_phone_number">
          {(field) => (
            <PhoneInput
              id={fieldId('call_transfer_phone_number')}
              label={labels.call_transfer_phone_number}
              required
              hint={tips.call_transfer_phone_number}
              {...field}
            />
          )}
        </FormField>
        <FormField form={form} name="sms_notification">
          {(field) => (
            <PhoneInput
              id={fieldId('sms_notification')}
              label={labels.sms_notification}
              hint={tips.sms_notification}
              {...field}
            />
          )}
        </FormField>
      </div>
      <FormField form={form} name="email_notification">
        {(field) => (
          <EmailInput
            id={fieldId('email_notification')}
            label={labels.email_notification}
            required
            hint={tips.email_notification}
            autoComplete="off"
            {...field}
          />
        )}
      </FormField>
      <StepActions label={texts.nextStep} posting={step.posting} notice={step.notice} />
    </form>
  );
}
