/**
 * Step 2 of the custom flow: the lead's details for review and correction, categories, business
 * name, address and contact (spec part 1 §3 "Custom flow" step 2, §4, §5). The prefilled variant
 * shows them as a summary first, with an edit button.
 *
 * Success stores the session (token, user, business profile), clears the lead id and goes to
 * /dashboard.
 */
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { formatPhone } from '../../lib/phone';
import { CategoriesSelect } from '../../ui/inputs/categories-select';
import { TextInput } from '../../ui/inputs/text-input';
import { AddressAutocomplete } from '../../widgets/address-autocomplete/address-autocomplete';
import { ContactFields, NameFields } from './account-fields';
import { list, str } from './form-values';
import { headings, labels, texts, tips } from './messages';
import { postCustomSecondStep, saveProgress } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import { fieldId, useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

export function CustomReviewStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [, navigate] = useLocation();
  const services = useServices(true);
  const form = useStepForm('custom-business', state.values);
  const [editing, setEditing] = useState(state.variant !== 'prefilled');
  const set = (field: string) => (value: string | string[]) => {
    wizard.setValues({ [field]: value });
    form.touched(field);
  };
  const v = state.values;
  const labelOf = (name: string) => services.options.find((o) => o.name === name)?.label ?? name;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ok = await form.submit(async () => {
      const answer = await postCustomSecondStep(
        {
          categories: list(v.categories),
          address: str(v.address),
          name: str(v.name),
          first_name: str(v.first_name),
          last_name: str(v.last_name),
          phone_number: str(v.phone_number),
          email: str(v.email).trim(),
          salesforce_id: state.lead_id ?? '',
        },
        state.registration_token ?? '',
      );
      wizard.close();
      await saveProgress(
        { ...state, lead_id: null, registration_token: null },
        {
          token: answer.token,
          user_id: answer.user_id,
          user: answer.user,
          business_profile: answer.business_profile,
        },
      );
      navigate('/dashboard');
    });
    if (!ok) setEditing(true);
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.review.title}
      </h1>
      <p className="signup-card__lead">{headings.review.lead}</p>
      {editing ? null : (
        <dl className="review-list">
          <div>
            <dt>Categories</dt>
            <dd>{list(v.categories).map(labelOf).join(', ') || 'None yet'}</dd>
          </div>
          <div>
            <dt>Business name</dt>
            <dd>{str(v.name) || 'Not given'}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{str(v.address) || 'Not given'}</dd>
          </div>
          <div>
            <dt>Contact</dt>
            <dd>
              {`${str(v.first_name)} ${str(v.last_name)}`.trim()}
              <br />
              {formatPhone(str(v.phone_number))}
              <br />
              {str(v.email)}
            </dd>
          </div>
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Edit details
          </button>
        </dl>
      )}
      <div className="signup-review-fields" hidden={!editing}>
        <CategoriesSelect
          id={fieldId('categories')}
          label={labels.categories}
          required
          hint={services.error ?? tips.categories}
          options={services.options}
          value={list(v.categories)}
          error={form.errorFor('categories')}
          onChange={set('categories')}
        />
        <TextInput
          id={fieldId('name')}
          label={labels.name}
          required
          autoComplete="organization"
          value={str(v.name)}
          error={form.errorFor('name')}
          onChange={set('name')}
        />
        <AddressAutocomplete
          id={fieldId('address')}
          label={labels.address}
          required
          hint={tips.address}
          value={str(v.address)}
          error={form.errorFor('address')}
          onChange={set('address')}
        />
        <div className="signup-grid">
          <NameFields values={v} errorFor={form.errorFor} set={set} locked={false} />
          <ContactFields values={v} errorFor={form.errorFor} set={set} locked={false} />
        </div>
      </div>
      <StepActions
        label={texts.reviewMyInfo}
        posting={form.posting}
        emailTaken={form.emailTaken}
        notice={form.notice}
      />
    </form>
  );
}
