/**
 * Step 1 of the custom (lead-based) flow: names, address, phone, email, password with its meter
 * and confirmation, and the terms box (terms of service link, Pay-Per-Lead pricing modal) without
 * which "Let's Go" stays disabled (spec part 1 §2, §3, §4, §5).
 *
 * Success keeps the lead id and step 2's proof, loads the lead's data for step 2, waits 1 s
 * (spec §9), then moves on. The prefilled variant arrives here with the lead's details typed in.
 */
import { type FormEvent, useState } from 'react';
import { FormField } from '@/ui/form/form-field';
import { Checkbox } from '@/ui/inputs/checkbox';
import { AddressAutocomplete } from '@/widgets/address-autocomplete/address-autocomplete';
import {
  CONTACT_FIELDS,
  ContactFields,
  NAME_FIELDS,
  NameFields,
  NewPasswordFields,
  PASSWORD_FIELDS,
} from './account-fields';
import { str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { PricingModal } from './pricing-modal';
import { getUserData, leadPass, postCustomFirstStep, TERMS_URL } from './signup-api';
import { StepActions } from './step-actions';
import type { Wizard } from './use-wizard';
import { fieldId, useWizardForm } from './use-wizard-form';

export const ADVANCE_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const FIELDS = { ...NAME_FIELDS, address: '', ...CONTACT_FIELDS, ...PASSWORD_FIELDS } as const;

export function CustomAccountStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [terms, setTerms] = useState(state.registered);
  const [pricing, setPricing] = useState(false);
  const locked = state.registered;
  const pass = leadPass(state);
  const step = useWizardForm(wizard, {
    rules: locked ? null : 'custom-account',
    fields: FIELDS,
    trimmed: ['email'],
  });
  const { form } = step;

  const onSubmit = (event: FormEvent) => {
    if (locked || !terms) {
      event.preventDefault();
      if (locked) void wizard.advance();
      return;
    }
    void step.submit(event, async (values, saved) => {
      const leadId = state.lead_id ?? '';
      const answer = await postCustomFirstStep(
        {
          first_name: str(values.first_name),
          last_name: str(values.last_name),
          address: str(values.address),
          phone_number: str(values.phone_number),
          email: str(values.email),
          password: str(values.password),
          confirm_password: str(values.confirm_password),
          salesforce_id: leadId,
        },
        pass,
      );
      const lead = (await getUserData(pass, answer.lead_id)).data;
      const next = {
        ...saved,
        name: str(saved.name) || lead.business_name || '',
        categories:
          Array.isArray(saved.categories) && saved.categories.length ? saved.categories : lead.services,
      };
      await wait(ADVANCE_DELAY_MS);
      await wizard.advance({
        registered: true,
        lead_id: answer.lead_id,
        registration_token: answer.registration_token,
        values: next,
      });
    });
  };

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.customAccount.title}
      </h1>
      <p className="signup-card__lead">{locked ? texts.alreadyRegistered : headings.customAccount.lead}</p>
      <div className="signup-grid">
        <NameFields form={form} locked={locked} />
      </div>
      <FormField form={form} name="address">
        {(field) => (
          <AddressAutocomplete
            id={fieldId('address')}
            label={labels.address}
            required
            disabled={locked}
            hint={tips.address}
            {...field}
          />
        )}
      </FormField>
      <div className="signup-grid">
        <ContactFields form={form} locked={locked} />
      </div>
      {locked ? null : (
        <>
          <NewPasswordFields form={form} />
          <div className="signup-terms">
            <Checkbox
              id="signup-terms"
              aria-labelledby="signup-terms-text"
              checked={terms}
              onChange={setTerms}
            />
            <p id="signup-terms-text" className="signup-terms__text">
              <label htmlFor="signup-terms">I agree to the</label>{' '}
              <a className="link" href={TERMS_URL} target="_blank" rel="noopener noreferrer">
                {texts.termsLink}
              </a>{' '}
              and the lead costs in the{' '}
              <button type="button" className="link link-button" onClick={() => setPricing(true)}>
                {texts.pricingLink}
              </button>
              .
            </p>
          </div>
        </>
      )}
      <StepActions
        label={texts.letsGo}
        posting={step.posting}
        emailTaken={step.emailTaken}
        notice={step.notice}
        disabled={!terms}
      />
      {pricing ? <PricingModal pass={pass} onClose={() => setPricing(false)} /> : null}
    </form>
  );
}
