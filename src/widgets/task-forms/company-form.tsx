/**
 * The company details wizard (spec part 2 §3-§5): four steps; 'Next Step' saves the current step
 * (queued in the outbox, so it also works offline) then advances; a back arrow from step 2; the
 * last step's button says 'Submit', and once delivered the spec's toast shows and the host closes
 * (the task list refreshes). The validation toasts ('Please select company size', ...) are headed
 * 'Error'. Each save carries the version of the record it was made from (use-record-version.ts).
 *
 * A rules form (ui/form) whose rules are the steps' checks (company-values.ts stepErrors), checked
 * in the click of 'Next Step'; a change clears its field's message.
 */
import { useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { endpointPath } from '../../api/contracts/endpoints';
import { COMPANY_MESSAGES, CompanyDetailResponse } from '../../api/contracts/tasks';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import type { FieldRules } from '../../ui/form/rules-struct';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { toastError } from '../../ui/toast';
import { StepFour, StepOne, StepThree, StepTwo } from './company-steps';
import type { Errors, Values } from './company-values';
import { stepBody, stepErrors, TOASTED, toValues } from './company-values';
import { submitTask } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useRecordVersion } from './use-record-version';
import { useTaskSubmit } from './use-task-submit';

export const COMPANY_PATH = endpointPath('GET /activities/company_details');
const TITLES = ['Company', 'About the company', 'Operations hours', 'Employee distinctions'];
const ALL_STEPS = [1, 2, 3, 4];
const refresh = [COMPANY_PATH];

/** Each field's rule: its message from the steps being checked. */
function stepRules(steps: number[]): FieldRules<Values> {
  const fields = Object.keys(toValues(undefined)) as (keyof Values)[];
  const errorsOf = (values: Values) =>
    Object.assign({}, ...steps.map((s) => stepErrors(values, s))) as Errors;
  return Object.fromEntries(
    fields.map((field) => [field, (_: string, values: Values) => errorsOf(values)[field]]),
  );
}
const messagesOf = (errors: FieldErrors<Values>): Errors =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([field, error]) =>
      error && typeof error.message === 'string' ? [[field, error.message]] : [],
    ),
  );

export function CompanyForm({
  activityId,
  onDone,
  onCancel,
  fullForm = false,
  success,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
  /** All four steps as one form, saved (step 'full_form') only when every step validates. */
  fullForm?: boolean;
  /** The host's own success toast (the profile tab's), instead of the task's. */
  success?: string;
}) {
  const { user_id: userId } = useSession();
  const read = useCachedRead(CompanyDetailResponse, COMPANY_PATH);
  const [step, setStep] = useState(1);
  const [ready, setReady] = useState(false);
  const steps = fullForm ? ALL_STEPS : [step];
  const form = useRulesForm<Values>({ defaultValues: toValues(undefined), rules: stepRules(steps) });
  const { reset } = form;
  const task = useTaskSubmit({ header: success ?? COMPANY_MESSAGES.saved }, onDone);
  const version = useRecordVersion();
  const { shown } = version;
  const loaded = read.data?.company_detail;
  useEffect(() => {
    if (ready) return;
    if (loaded) {
      reset(toValues(loaded));
      shown(loaded.version);
      setReady(true);
    } else if (read.error) {
      shown(undefined);
      setReady(true);
    }
  }, [loaded, read.error, shown, ready, reset]);

  const values = form.watch();
  const errors = messagesOf(form.formState.errors);
  if (!ready) return <p className="task-form__muted">Loading…</p>;
  const set = (change: Partial<Values>) => {
    for (const [key, value] of Object.entries(change) as [keyof Values, Values[keyof Values]][]) {
      form.setValue(key, value);
      form.clearErrors(key);
    }
  };
  const next = async () => {
    if (!form.checkNow()) {
      // Read live: the render's formState is a snapshot from before the check.
      const toast = TOASTED.map((key) => form.getFieldState(key).error?.message).find(Boolean);
      if (toast) toastError('Error', toast);
      return;
    }
    if (fullForm) {
      const body = Object.assign({}, ...ALL_STEPS.map((s) => stepBody(values, s)), { step: 'full_form' });
      const label = 'Company details';
      const record = version.next();
      return task.submit({
        activityId,
        key: 'company_details',
        path: COMPANY_PATH,
        label,
        body,
        refresh,
        record,
      });
    }
    const write = {
      activityId,
      key: 'company_details',
      path: COMPANY_PATH,
      label: `Company details: step ${step}`,
      body: stepBody(values, step),
      refresh,
      record: version.next(),
    };
    if (step < 4) {
      if (userId !== null) await submitTask({ ...write, userId });
      setStep(step + 1);
      return;
    }
    await task.submit(write);
  };
  const props = { values, errors, set };
  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      {fullForm ? (
        [StepOne, StepTwo, StepThree, StepFour].map((Step, index) => (
          <fieldset key={TITLES[index]} className="task-form__section">
            <legend className="task-form__steps">{TITLES[index]}</legend>
            <Step {...props} />
          </fieldset>
        ))
      ) : (
        <>
          <div className="task-form__steps-row">
            {step > 1 ? (
              <button
                type="button"
                className="link-button"
                aria-label="Back to the previous step"
                onClick={() => setStep(step - 1)}
              >
                ←
              </button>
            ) : null}
            <p className="task-form__steps">
              Step {step} of 4: {TITLES[step - 1]}
            </p>
          </div>
          {step === 1 ? <StepOne {...props} /> : null}
          {step === 2 ? <StepTwo {...props} /> : null}
          {step === 3 ? <StepThree {...props} /> : null}
          {step === 4 ? <StepFour {...props} /> : null}
        </>
      )}
      <TaskFormError error={task.error} />
      <TaskFormActions
        onCancel={onCancel}
        busy={task.sending}
        label={fullForm ? 'Save' : step < 4 ? 'Next Step' : 'Submit'}
      />
    </form>
  );
}
