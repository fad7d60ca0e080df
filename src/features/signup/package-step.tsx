/**
 * The package step ('additional-ways'): the expand and accelerate upsell packages as selectable
 * cards with radio buttons; '*Select at least one package' when none is chosen (spec part 1 §2,
 * §3 "Legacy flow" step 3, §5).
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { SignupPackage } from '@/api/contracts/signup';
import { ApiError } from '@/api/errors';
import { FormField } from '@/ui/form/form-field';
import { RadioGroup } from '@/ui/inputs/radio-group';
import { str } from './form-values';
import { headings, texts } from './messages';
import { getPackages, postPackage } from './signup-api';
import { StepActions } from './step-actions';
import type { Wizard } from './use-wizard';
import { fieldId, useWizardForm } from './use-wizard-form';

const BLURBS: Record<string, string> = {
  expand: 'Grow past your calls: local listings, review responses and monthly content for your service area.',
  accelerate:
    'Everything in Expand plus more pages, link building and a strategist who reports to you monthly.',
};

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

export function PackageStep({ wizard }: { wizard: Wizard }) {
  const { session } = wizard;
  const [offered, setOffered] = useState<SignupPackage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const step = useWizardForm(wizard, { rules: 'package', fields: { package: '' } });

  useEffect(() => {
    let current = true;
    getPackages()
      .then((answer) => current && setOffered(answer.packages))
      .catch((failure: unknown) => {
        if (current)
          setLoadError(failure instanceof ApiError ? failure.message : 'The packages could not be loaded.');
      });
    return () => {
      current = false;
    };
  }, []);

  const onSubmit = (event: FormEvent) =>
    void step.submit(event, async (values, saved) => {
      await postPackage({ package: str(values.package), ms_id: session.ms_id });
      await wizard.advance({ values: saved });
    });

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.packages.title}
      </h1>
      <p className="signup-card__lead">{headings.packages.lead}</p>
      <FormField form={step.form} name="package">
        {(field) => (
          <>
            <RadioGroup
              fieldsetRef={field.ref}
              id={fieldId('package')}
              tabIndex={-1}
              className="package-cards"
              aria-describedby={field.error ? 'signup-package-error' : undefined}
              legend="Packages"
              hideLegend
              name="package"
              optionClassName="package-card"
              value={field.value}
              onChange={field.onChange}
              options={(offered ?? []).map((item) => ({
                value: item.key,
                id: item.key,
                label: (
                  <span className="package-card__body">
                    <span className="package-card__title">{item.title}</span>
                    {item.monthly_price_cents !== null ? (
                      <span className="package-card__price">
                        {dollars(item.monthly_price_cents)}
                        <span className="package-card__per"> / month</span>
                      </span>
                    ) : null}
                    {item.hours_per_month ? (
                      <span className="package-card__meta">
                        {item.hours_per_month} hours of work every month
                      </span>
                    ) : null}
                    <span className="package-card__blurb">{BLURBS[item.key] ?? ''}</span>
                  </span>
                ),
              }))}
            >
              {offered === null && !loadError ? (
                <span className="spinner spinner--large" role="status" aria-label="Loading packages" />
              ) : null}
              {loadError ? <p className="form__notice">{loadError}</p> : null}
            </RadioGroup>
            {field.error ? (
              <p id="signup-package-error" className="field__error" role="alert">
                {field.error}
              </p>
            ) : null}
          </>
        )}
      </FormField>
      <StepActions label={texts.nextStep} posting={step.posting} notice={step.notice} />
    </form>
  );
}
