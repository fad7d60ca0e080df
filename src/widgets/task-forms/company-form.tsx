/**
 * The company details wizard (spec part 2 §3-§5): four steps; 'Next Step' saves the current step
 * (queued in the outbox, so it also works offline) then advances; a back arrow from step 2; the
 * last step's button says 'Submit', and once delivered the spec's toast shows and the host closes
 * (the task list refreshes). The validation toasts ('Please select company size', ...) are headed
 * 'Error'.
 */
import { useEffect, useState } from 'react';
import { COMPANY_MESSAGES, CompanyDetailResponse } from '../../api/contracts/tasks';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { toastError } from '../../ui/toast';
import { type Errors, StepFour, StepOne, StepThree, StepTwo, type Values } from './company-steps';
import { stepBody, stepErrors, TOASTED, toValues } from './company-values';
import { submitTask } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const COMPANY_PATH = '/activities/company_details';
const TITLES = ['Company', 'About the company', 'Operations hours', 'Employee distinctions'];

export function CompanyForm({
  activityId,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { user_id: userId } = useSession();
  const read = useCachedRead(CompanyDetailResponse, COMPANY_PATH);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState(1);
  const task = useTaskSubmit({ header: COMPANY_MESSAGES.saved }, onDone);
  const loaded = read.data?.company_detail;
  useEffect(() => {
    if (loaded) setValues((v) => v ?? toValues(loaded));
    else if (read.error) setValues((v) => v ?? toValues(undefined));
  }, [loaded, read.error]);

  if (!values) return <p className="task-form__muted">Loading…</p>;
  const set = (change: Partial<Values>) => {
    setValues({ ...values, ...change });
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(change)) delete next[key as keyof Values];
      return next;
    });
  };
  const next = async () => {
    const found = stepErrors(values, step);
    setErrors(found);
    const toast = TOASTED.map((key) => found[key]).find(Boolean);
    if (toast) toastError('Error', toast);
    if (Object.keys(found).length) return;
    const write = {
      activityId,
      key: 'company_details',
      path: COMPANY_PATH,
      label: `Company details: step ${step}`,
      body: stepBody(values, step),
      refresh: [COMPANY_PATH],
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
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label={step < 4 ? 'Next Step' : 'Submit'} />
    </form>
  );
}
