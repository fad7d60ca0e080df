/**
 * Insurance verification and its renewals (spec part 2 §3-§5): verify is two steps (general
 * liability, then workers compensation with its Texas notice); renew_general_insurance and
 * renew_workers_comp_insurance are one step. Each needs an expiration date ('This field is
 * required'; past dates not selectable, an expired one shown red and blocking submit in renew
 * mode) and a certificate file. "Today" is the account's day (use-account-today.ts).
 *
 * One rules form (ui/form) holds both covers; only the cover on screen is checked.
 */
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '../../api/contracts/activities';
import { endpointPath } from '../../api/contracts/endpoints';
import { INSURANCE_MESSAGES, InsuranceResponse } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField, FormFileField } from '../../ui/form/form-field';
import { type RulesForm, useRulesForm } from '../../ui/form/use-rules-form';
import { Checkbox } from '../../ui/inputs/checkbox';
import { TextInput } from '../../ui/inputs/text-input';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { UploadField } from './upload-field';
import { useAccountToday } from './use-account-today';
import { useTaskSubmit } from './use-task-submit';

export const INSURANCE_PATH = endpointPath('GET /activities/verify_insurance');
type Mode = 'verify' | 'general' | 'workers';
type Values = {
  general_date: string;
  general_file: File | null;
  workers_date: string;
  workers_file: File | null;
};
type Cover = 'general' | 'workers';

const dateRule = (today: string) => (v: string) =>
  !v ? INSURANCE_MESSAGES.dateRequired : v < today ? INSURANCE_MESSAGES.datePast : null;
const fileRule = (cover: Cover) => (_: string, values: Values) =>
  values[`${cover}_file`] ? null : UPLOAD_MESSAGES.required;

/** The rules of the covers on screen. */
function rules(shown: Record<Cover, boolean>, today: string) {
  const of = (cover: Cover) =>
    shown[cover] ? { [`${cover}_date`]: dateRule(today), [`${cover}_file`]: fileRule(cover) } : {};
  return { ...of('general'), ...of('workers') };
}

function CoverFields({
  cover,
  label,
  form,
  renew,
  progress,
  today,
}: {
  cover: Cover;
  label: string;
  form: RulesForm<Values>;
  renew: boolean;
  progress: number | null;
  today: string;
}) {
  return (
    <div className="task-form__fields">
      <FormField form={form} name={`${cover}_date`}>
        {(field) => {
          const expired = field.value !== '' && field.value < today;
          return (
            <TextInput
              {...field}
              error={field.error ?? (expired && renew ? INSURANCE_MESSAGES.datePast : null)}
              id={`insurance-${cover}-date`}
              type="date"
              className={expired ? 'task-form__expired' : undefined}
              min={today}
              label={`${label} Expiration Date`}
              required
            />
          );
        }}
      </FormField>
      <FormFileField form={form} name={`${cover}_file`} focusId={`insurance-${cover}-file`}>
        {(field) => (
          <UploadField
            id={`insurance-${cover}-file`}
            label={`${label} Certificate`}
            file={field.value}
            onChange={field.onChange}
            error={field.error}
            onError={field.onError}
            progress={progress}
          />
        )}
      </FormFileField>
    </div>
  );
}

export function InsuranceForm({
  mode,
  activityId,
  onDone,
  onCancel,
}: {
  mode: Mode;
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const read = useCachedRead(InsuranceResponse, INSURANCE_PATH);
  const today = useAccountToday();
  const [step, setStep] = useState(mode === 'workers' ? 2 : 1);
  const [hasWorkers, setHasWorkers] = useState<boolean>(mode === 'workers');
  const shown = { general: step === 1, workers: step === 2 && hasWorkers };
  const form = useRulesForm<Values>({
    defaultValues: { general_date: '', general_file: null, workers_date: '', workers_file: null },
    // Rebuilt each render: the step, the checkbox and the account's day decide what is checked.
    rules: rules(shown, today),
  });
  // A renewal starts from the date on file once the read arrives, unless the user picked one.
  const stored = read.data?.insurance;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!stored || mode === 'verify' || prefilled.current) return;
    prefilled.current = true;
    const name = mode === 'general' ? 'general_date' : 'workers_date';
    const date = mode === 'general' ? stored.general_expiration_date : stored.workers_comp_expiration_date;
    if (!form.getValues(name)) form.setValue(name, date ?? '');
  }, [stored, mode, form]);
  const success =
    mode === 'general'
      ? INSURANCE_MESSAGES.general
      : mode === 'workers'
        ? INSURANCE_MESSAGES.workers
        : INSURANCE_MESSAGES.updated;
  const task = useTaskSubmit({ header: success }, onDone);
  const progress = task.sending ? task.delivery.progress : null;
  const renew = mode !== 'verify';
  const renewedDate = form.watch(mode === 'workers' ? 'workers_date' : 'general_date');
  const blocked = renew && renewedDate !== '' && renewedDate < today;

  const onSubmit = form.submitWith(async (values) => {
    const general = [values.general_file as File];
    const workers = [values.workers_file as File];
    if (mode === 'general') {
      return task.submit({
        activityId,
        key: 'renew_general_insurance',
        path: endpointPath('POST /activities/renew_general_insurance'),
        label: 'General liability insurance renewal',
        body: { general_expiration_date: values.general_date },
        files: { general_liability_insurance_certificate: { files: general, many: true } },
        refresh: [INSURANCE_PATH],
      });
    }
    if (mode === 'workers') {
      return task.submit({
        activityId,
        key: 'renew_workers_comp_insurance',
        path: endpointPath('POST /activities/renew_workers_comp_insurance'),
        label: 'Workers compensation insurance renewal',
        body: { workers_comp_expiration_date: values.workers_date },
        files: { workers_compensation_policies: { files: workers, many: true } },
        refresh: [INSURANCE_PATH],
      });
    }
    if (step === 1) return setStep(2);
    return task.submit({
      activityId,
      key: 'verify_insurance',
      path: INSURANCE_PATH,
      label: 'Insurance verification',
      body: {
        general_expiration_date: values.general_date,
        workers_compensation: hasWorkers,
        workers_comp_expiration_date: hasWorkers ? values.workers_date : null,
      },
      files: {
        general_liability_insurance_certificate: { files: general, many: true },
        ...(hasWorkers ? { workers_compensation_policies: { files: workers, many: true } } : {}),
      },
      refresh: [INSURANCE_PATH],
    });
  });

  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mode === 'verify' ? (
        <div className="task-form__steps-row">
          {step === 2 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => setStep(1)}
              aria-label="Back to general liability"
            >
              ← Back
            </button>
          ) : null}
          <p className="task-form__steps">Step {step} of 2</p>
        </div>
      ) : null}
      <p className="task-form__notice">
        Please list us as the certificate holder on your certificate of insurance.
      </p>
      {step === 1 ? (
        <CoverFields
          cover="general"
          label="General Liability"
          form={form}
          renew={renew}
          progress={progress}
          today={today}
        />
      ) : null}
      {step === 2 ? (
        <>
          <p className="task-form__notice">Workers' compensation insurance is not required in Texas.</p>
          {mode === 'verify' ? (
            <Checkbox
              className="task-form__radio"
              label="I carry workers' compensation insurance"
              checked={hasWorkers}
              onChange={setHasWorkers}
            />
          ) : null}
          {hasWorkers ? (
            <CoverFields
              cover="workers"
              label="Workers Compensation"
              form={form}
              renew={renew}
              progress={progress}
              today={today}
            />
          ) : null}
        </>
      ) : null}
      <TaskFormError error={task.error} />
      <TaskFormActions
        onCancel={onCancel}
        busy={task.sending}
        disabled={blocked}
        label={mode === 'verify' && step === 1 ? 'Next Step' : 'Submit'}
      />
    </form>
  );
}
