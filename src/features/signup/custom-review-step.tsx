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
import { formatPhone } from '@/lib/phone';
import { CONTACT_FIELDS, ContactFields, NAME_FIELDS, NameFields } from './account-fields';
import { AddressField, BusinessNameField, CategoriesField } from './business-profile-fields';
import { list, str } from './form-values';
import { headings, texts } from './messages';
import { leadPass, postCustomSecondStep, saveProgress } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import type { Wizard } from './use-wizard';
import { useWizardForm } from './use-wizard-form';

const FIELDS = { categories: [], name: '', address: '', ...NAME_FIELDS, ...CONTACT_FIELDS } as const;

export function CustomReviewStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [, navigate] = useLocation();
  const pass = leadPass(state);
  const services = useServices(pass);
  const step = useWizardForm(wizard, { rules: 'custom-business', fields: FIELDS, trimmed: ['email'] });
  const { form } = step;
  const [editing, setEditing] = useState(state.variant !== 'prefilled');
  const v = state.values;
  const labelOf = (name: string) => services.options.find((o) => o.name === name)?.label ?? name;

  async function onSubmit(event: FormEvent) {
    const ok = await step.submit(event, async (values, saved) => {
      const answer = await postCustomSecondStep(
        {
          categories: list(values.categories),
          address: str(values.address),
          name: str(values.name),
          first_name: str(values.first_name),
          last_name: str(values.last_name),
          phone_number: str(values.phone_number),
          email: str(values.email),
          salesforce_id: state.lead_id ?? '',
        },
        state.registration_token ?? '',
        pass,
      );
      wizard.close();
      await saveProgress(
        { ...state, values: saved, lead_id: null, registration_token: null, link_key: null },
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
        <div className="review-list">
          <dl className="review-list__items">
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
          </dl>
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Edit details
          </button>
        </div>
      )}
      <div className="signup-review-fields" hidden={!editing}>
        <CategoriesField form={form} services={services} required />
        <BusinessNameField form={form} />
        <AddressField form={form} required />
        <div className="signup-grid">
          <NameFields form={form} locked={false} />
          <ContactFields form={form} locked={false} />
        </div>
      </div>
      <StepActions
        label={texts.reviewMyInfo}
        posting={step.posting}
        emailTaken={step.emailTaken}
        notice={step.notice}
      />
    </form>
  );
}
