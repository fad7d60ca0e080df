/**
 * Step 2 of the standard flow, the business profile: business name, service categories, address
 * (autocomplete) and website, each with a tooltip (spec part 1 §2, §3, §5). Categories are sent
 * as names.
 *
 * Adding an account (the add-account flag from Linked Accounts) reuses this step: it adds the
 * account and returns to /dashboard/account-settings/linked-accounts.
 */

import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ROUTES } from '@/lib/routes';
import { BUSINESS_PROFILE_FIELDS, BusinessProfileFields } from './business-profile-fields';
import { list, str } from './form-values';
import { headings, texts } from './messages';
import { clearRegistration, postAccountUpdate } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import type { Wizard } from './use-wizard';
import { useWizardForm } from './use-wizard-form';

export const LINKED_ACCOUNTS_PATH = ROUTES.linkedAccounts;

export function BusinessStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [, navigate] = useLocation();
  const services = useServices(null);
  const step = useWizardForm(wizard, { rules: 'standard-business', fields: BUSINESS_PROFILE_FIELDS });
  const adding = state.add_account;
  const heading = adding ? headings.addAccount : headings.business;

  const onSubmit = (event: FormEvent) =>
    void step.submit(event, async (values, saved) => {
      await postAccountUpdate({
        name: str(values.name),
        categories: list(values.categories),
        address: str(values.address),
        website: str(values.website),
        add_account: adding,
      });
      if (adding) {
        wizard.close();
        await clearRegistration();
        navigate(LINKED_ACCOUNTS_PATH);
        return;
      }
      await wizard.advance({ values: saved });
    });

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {heading.title}
      </h1>
      <p className="signup-card__lead">{heading.lead}</p>
      <BusinessProfileFields form={step.form} services={services} />
      <StepActions
        label={adding ? texts.backToDashboard : texts.nextStep}
        posting={step.posting}
        notice={step.notice}
      />
    </form>
  );
}
