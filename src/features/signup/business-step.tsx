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
import { BusinessProfileFields } from './business-profile-fields';
import { list, str } from './form-values';
import { headings, texts } from './messages';
import { clearRegistration, postAccountUpdate } from './signup-api';
import { StepActions } from './step-actions';
import { useServices } from './use-services';
import { useStepForm } from './use-step-form';
import type { Wizard } from './use-wizard';

export const LINKED_ACCOUNTS_PATH = ROUTES.linkedAccounts;

export function BusinessStep({ wizard }: { wizard: Wizard }) {
  const { state } = wizard;
  const [, navigate] = useLocation();
  const services = useServices(false);
  const form = useStepForm('standard-business', state.values);
  const adding = state.add_account;
  const heading = adding ? headings.addAccount : headings.business;
  const set = (field: string) => (value: string | string[]) => {
    wizard.setValues({ [field]: value });
    form.touched(field);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async () => {
      await postAccountUpdate({
        name: str(state.values.name),
        categories: list(state.values.categories),
        address: str(state.values.address),
        website: str(state.values.website),
        add_account: adding,
      });
      if (adding) {
        wizard.close();
        await clearRegistration();
        navigate(LINKED_ACCOUNTS_PATH);
        return;
      }
      await wizard.advance();
    });
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {heading.title}
      </h1>
      <p className="signup-card__lead">{heading.lead}</p>
      <BusinessProfileFields values={state.values} errorFor={form.errorFor} set={set} services={services} />
      <StepActions
        label={adding ? texts.backToDashboard : texts.nextStep}
        posting={form.posting}
        notice={form.notice}
      />
    </form>
  );
}
