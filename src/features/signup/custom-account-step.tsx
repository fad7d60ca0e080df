/**
 * Step 1 of the custom (lead-based) flow: names, address, phone, email, password with its meter
 * and confirmation, and the terms box (terms of service link, Pay-Per-Lead pricing modal) without
 * which "Let's Go" stays disabled (spec part 1 §2, §3, §4, §5).
 *
 * Success keeps the lead id and step 2's proof, loads the lead's data for step 2, waits 1 s
 * (spec §9), then moves on. The prefilled variant arrives here with the lead's details typed in.
 */
import { type FormEvent, useState } from 'react';
import { AddressAutocomplete } from '../../widgets/address-autocomplete/address-autocomplete';
import { ContactFields, NameFields, NewPasswordFields, useNewPassword } from './account-fields';
import { str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { PricingModal } from './pricing-modal';
import { getUserData, postCustomFirstStep, TERMS_URL } from './signup-api';
import { StepActions } from './step-actions';
import { fieldId, useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

export const ADVANCE_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CustomAccountStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const passwords = useNewPassword();
  const { password, confirm } = passwords;
  const [terms, setTerms] = useState(state.registered);
  const [pricing, setPricing] = useState(false);
  const locked = state.registered;
  const form = useStepForm(locked ? null : 'custom-account', {
    ...state.values,
    ...passwords.values,
  });
  const set = (field: string) => (value: string) => {
    wizard.setValues({ [field]: value });
    form.touched(field);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked) return void wizard.advance();
    if (!terms) return;
    await form.submit(async () => {
      const v = state.values;
      const leadId = state.lead_id ?? '';
      const answer = await postCustomFirstStep({
        first_name: str(v.first_name),
        last_name: str(v.last_name),
        address: str(v.address),
        phone_number: str(v.phone_number),
        email: str(v.email).trim(),
        password,
        confirm_password: confirm,
        salesforce_id: leadId,
      });
      const lead = (await getUserData(answer.lead_id)).data;
      const values = {
        ...v,
        name: str(v.name) || lead.business_name || '',
        categories: Array.isArray(v.categories) && v.categories.length ? v.categories : lead.services,
      };
      await wait(ADVANCE_DELAY_MS);
      await wizard.advance({
        registered: true,
        lead_id: answer.lead_id,
        registration_token: answer.registration_token,
        values,
      });
    });
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.customAccount.title}
      </h1>
      <p className="signup-card__lead">{locked ? texts.alreadyRegistered : headings.customAccount.lead}</p>
      <div className="signup-grid">
        <NameFields values={state.values} errorFor={form.errorFor} set={set} locked={locked} />
      </div>
      <AddressAutocomplete
        id={fieldId('address')}
        label={labels.address}
        required
        disabled={locked}
        hint={tips.address}
        value={str(state.values.address)}
        error={form.errorFor('address')}
        onChange={set('address')}
      />
      <div className="signup-grid">
        <ContactFields values={state.values} errorFor={form.errorFor} set={set} locked={locked} />
      </div>
      {locked ? null : (
        <>
          <NewPasswordFields passwords={passwords} errorFor={form.errorFor} touched={form.touched} />
          <div className="signup-terms">
            <input
              id="signup-terms"
              type="checkbox"
              aria-labelledby="signup-terms-text"
              checked={terms}
              onChange={(event) => setTerms(event.target.checked)}
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
        posting={form.posting}
        emailTaken={form.emailTaken}
        notice={form.notice}
        disabled={!terms}
      />
      {pricing ? <PricingModal onClose={() => setPricing(false)} /> : null}
    </form>
  );
}
