/**
 * Step 1 of the custom (lead-based) flow: names, address, phone, email, password with its meter
 * and confirmation, and the terms box (terms of service link, Pay-Per-Lead pricing modal) without
 * which "Let's Go" stays disabled (spec part 1 §2, §3, §4, §5).
 *
 * Success keeps the lead id and step 2's proof, loads the lead's data for step 2, waits 1 s
 * (spec §9), then moves on. The prefilled variant arrives here with the lead's details typed in.
 */
import { type FormEvent, useState } from 'react';
import { AddressAutocomplete } from '../../ui/inputs/address-autocomplete';
import { EmailInput } from '../../ui/inputs/email-input';
import { PasswordInput } from '../../ui/inputs/password-input';
import { PhoneInput } from '../../ui/inputs/phone-input';
import { str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { PricingModal } from './pricing-modal';
import { getUserData, postCustomFirstStep, TERMS_URL } from './signup-api';
import { StepActions } from './step-actions';
import { TextField } from './text-field';
import { fieldId, useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

export const ADVANCE_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CustomAccountStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(state.registered);
  const [pricing, setPricing] = useState(false);
  const locked = state.registered;
  const form = useStepForm(locked ? null : 'custom-account', {
    ...state.values,
    password,
    confirm_password: confirm,
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
        {(['first_name', 'last_name'] as const).map((field) => (
          <TextField
            key={field}
            id={fieldId(field)}
            label={labels[field]}
            required
            disabled={locked}
            autoComplete={field === 'first_name' ? 'given-name' : 'family-name'}
            value={str(state.values[field])}
            error={form.errorFor(field)}
            onChange={set(field)}
          />
        ))}
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
        <PhoneInput
          id={fieldId('phone_number')}
          label={labels.phone_number}
          required
          disabled={locked}
          value={str(state.values.phone_number)}
          error={form.errorFor('phone_number')}
          onChange={set('phone_number')}
        />
        <EmailInput
          id={fieldId('email')}
          label={labels.email}
          required
          disabled={locked}
          value={str(state.values.email)}
          error={form.errorFor('email')}
          onChange={set('email')}
        />
      </div>
      {locked ? null : (
        <>
          <PasswordInput
            id={fieldId('password')}
            label={labels.password}
            required
            meter
            value={password}
            error={form.errorFor('password')}
            onChange={(value) => {
              setPassword(value);
              form.touched('password');
            }}
          />
          <PasswordInput
            id={fieldId('confirm_password')}
            label={labels.confirm_password}
            required
            mustMatch={password}
            autoComplete="new-password"
            value={confirm}
            error={form.errorFor('confirm_password')}
            onChange={(value) => {
              setConfirm(value);
              form.touched('confirm_password');
            }}
          />
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
