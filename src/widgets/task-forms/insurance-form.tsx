/**
 * Insurance verification and its renewals (spec part 2 §3-§5): verify is two steps (general
 * liability, then workers compensation with its Texas notice); renew_general_insurance and
 * renew_workers_comp_insurance are one step. Each needs an expiration date ('This field is
 * required'; past dates not selectable, an expired one shown red and blocking submit in renew
 * mode) and a certificate file.
 */
import { useEffect, useId, useState } from 'react';
import { UPLOAD_MESSAGES } from '../../api/contracts/activities';
import { INSURANCE_MESSAGES, InsuranceResponse } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { UploadField } from './upload-field';
import { useAccountToday } from './use-account-today';
import { useTaskSubmit } from './use-task-submit';

export const INSURANCE_PATH = '/activities/verify_insurance';
type Mode = 'verify' | 'general' | 'workers';
type Cover = { date: string; file: File | null; dateError: string | null; fileError: string | null };
const blank: Cover = { date: '', file: null, dateError: null, fileError: null };

function CoverFields({
  label,
  cover,
  onChange,
  renew,
  progress,
  today,
}: {
  label: string;
  cover: Cover;
  onChange: (c: Cover) => void;
  renew: boolean;
  progress: number | null;
  today: string;
}) {
  const id = useId();
  const expired = cover.date !== '' && cover.date < today;
  return (
    <div className="task-form__fields">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label} Expiration Date
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={id}
          type="date"
          className={expired ? 'input task-form__expired' : 'input'}
          min={today}
          value={cover.date}
          aria-invalid={cover.dateError || expired ? true : undefined}
          onChange={(event) => onChange({ ...cover, date: event.target.value, dateError: null })}
        />
        {cover.dateError ? <p className="field__error">{cover.dateError}</p> : null}
        {!cover.dateError && expired && renew ? (
          <p className="field__error">{INSURANCE_MESSAGES.datePast}</p>
        ) : null}
      </div>
      <UploadField
        label={`${label} Certificate`}
        file={cover.file}
        onChange={(file) => onChange({ ...cover, file, fileError: null })}
        error={cover.fileError}
        onError={(fileError) => onChange({ ...cover, fileError })}
        progress={progress}
      />
    </div>
  );
}

/** The cover with its messages, or null when it is complete. */
function problems(cover: Cover, today: string): Cover | null {
  const dateError = !cover.date
    ? INSURANCE_MESSAGES.dateRequired
    : cover.date < today
      ? INSURANCE_MESSAGES.datePast
      : null;
  const fileError = cover.file ? null : UPLOAD_MESSAGES.required;
  return dateError || fileError ? { ...cover, dateError, fileError } : null;
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
  const [general, setGeneral] = useState<Cover>(blank);
  const [workers, setWorkers] = useState<Cover>(blank);
  const [hasWorkers, setHasWorkers] = useState<boolean>(mode === 'workers');
  const stored = read.data?.insurance;
  useEffect(() => {
    if (!stored || mode === 'verify') return;
    if (mode === 'general')
      setGeneral((c) => (c.date ? c : { ...c, date: stored.general_expiration_date ?? '' }));
    else setWorkers((c) => (c.date ? c : { ...c, date: stored.workers_comp_expiration_date ?? '' }));
  }, [stored, mode]);
  const success =
    mode === 'general'
      ? INSURANCE_MESSAGES.general
      : mode === 'workers'
        ? INSURANCE_MESSAGES.workers
        : INSURANCE_MESSAGES.updated;
  const task = useTaskSubmit({ header: success }, onDone);
  const progress = task.sending ? task.delivery.progress : null;
  const renew = mode !== 'verify';
  const blocked =
    renew &&
    (mode === 'general' ? general : workers).date !== '' &&
    (mode === 'general' ? general : workers).date < today;

  const submit = () => {
    if (mode === 'general') {
      const bad = problems(general, today);
      if (bad) return setGeneral(bad);
      return task.submit({
        activityId,
        key: 'renew_general_insurance',
        path: '/activities/renew_general_insurance',
        label: 'General liability insurance renewal',
        body: { general_expiration_date: general.date },
        files: { general_liability_insurance_certificate: { files: [general.file as File], many: true } },
        refresh: [INSURANCE_PATH],
      });
    }
    if (mode === 'workers') {
      const bad = problems(workers, today);
      if (bad) return setWorkers(bad);
      return task.submit({
        activityId,
        key: 'renew_workers_comp_insurance',
        path: '/activities/renew_workers_comp_insurance',
        label: 'Workers compensation insurance renewal',
        body: { workers_comp_expiration_date: workers.date },
        files: { workers_compensation_policies: { files: [workers.file as File], many: true } },
        refresh: [INSURANCE_PATH],
      });
    }
    if (step === 1) {
      const bad = problems(general, today);
      if (bad) return setGeneral(bad);
      return setStep(2);
    }
    if (hasWorkers) {
      const bad = problems(workers, today);
      if (bad) return setWorkers(bad);
    }
    return task.submit({
      activityId,
      key: 'verify_insurance',
      path: INSURANCE_PATH,
      label: 'Insurance verification',
      body: {
        general_expiration_date: general.date,
        workers_compensation: hasWorkers,
        workers_comp_expiration_date: hasWorkers ? workers.date : null,
      },
      files: {
        general_liability_insurance_certificate: { files: [general.file as File], many: true },
        ...(hasWorkers
          ? { workers_compensation_policies: { files: [workers.file as File], many: true } }
          : {}),
      },
      refresh: [INSURANCE_PATH],
    });
  };

  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
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
          label="General Liability"
          cover={general}
          onChange={setGeneral}
          renew={renew}
          progress={progress}
          today={today}
        />
      ) : null}
      {step === 2 ? (
        <>
          <p className="task-form__notice">Workers' compensation insurance is not required in Texas.</p>
          {mode === 'verify' ? (
            <label className="task-form__radio">
              <input
                type="checkbox"
                checked={hasWorkers}
                onChange={(event) => setHasWorkers(event.target.checked)}
              />
              I carry workers' compensation insurance
            </label>
          ) : null}
          {hasWorkers ? (
            <CoverFields
              label="Workers Compensation"
              cover={workers}
              onChange={setWorkers}
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
