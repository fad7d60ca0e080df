/**
 * Service details (spec part 2 §3-§5): step 1 product, job requirement and estimate fee (yes,
 * some or no; the detail asked unless 'no', and dropped from the payload when 'no'); step 2
 * services offered and not offered. `fullForm` shows everything as one step. Text areas count
 * down to their limit ('You have reached the maximum characters limit.'); submit is disabled
 * while a required text is empty. Each save carries the version of the record it was made from
 * (use-record-version.ts).
 */
import { useEffect, useId, useState } from 'react';
import { SERVICE_TEXT_LIMIT, ServiceDetailResponse } from '../../api/contracts/tasks';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { LimitedTextArea } from './business-details-form';
import { submitTask } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useRecordVersion } from './use-record-version';
import { useTaskSubmit } from './use-task-submit';

export const SERVICE_DETAILS_PATH = '/activities/service_details';
const FEES = [
  ['yes', 'Yes'],
  ['some', 'Some'],
  ['no', 'No'],
] as const;
type Fee = 'yes' | 'some' | 'no';
type Values = {
  product: string;
  job_requirement: string;
  estimate_fee: Fee;
  estimate_fee_detail: string;
  services_offered: string;
  services_not_offered: string;
};

export function ServiceDetailsForm({
  activityId,
  onDone,
  onCancel,
  fullForm = false,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
  fullForm?: boolean;
}) {
  const id = useId();
  const { user_id: userId } = useSession();
  const read = useCachedRead(ServiceDetailResponse, SERVICE_DETAILS_PATH);
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<Values | null>(null);
  const version = useRecordVersion();
  const { shown } = version;
  const task = useTaskSubmit({ header: 'Service Details updated successfully' }, onDone);
  const stored = read.data?.service_detail;
  useEffect(() => {
    if (!stored && !read.error) return;
    shown(stored?.version);
    setValues(
      (v) =>
        v ?? {
          product: stored?.product ?? '',
          job_requirement: stored?.job_requirement ?? '',
          estimate_fee: stored?.estimate_fee ?? 'yes',
          estimate_fee_detail: stored?.estimate_fee_detail ?? '',
          services_offered: stored?.services_offered ?? '',
          services_not_offered: stored?.services_not_offered ?? '',
        },
    );
  }, [stored, read.error, shown]);
  if (!values) return <p className="task-form__muted">Loading…</p>;
  const set = (change: Partial<Values>) => setValues({ ...values, ...change });
  const first = fullForm || step === 1;
  const second = fullForm || step === 2;
  const blocked =
    (first &&
      (!values.job_requirement.trim() ||
        (values.estimate_fee !== 'no' && !values.estimate_fee_detail.trim()))) ||
    (second && !values.services_offered.trim());
  const body = (which: '1' | '2' | 'full_form') => {
    const one = {
      product: values.product,
      job_requirement: values.job_requirement,
      estimate_fee: values.estimate_fee,
      ...(values.estimate_fee === 'no' ? {} : { estimate_fee_detail: values.estimate_fee_detail }),
    };
    const two = {
      services_offered: values.services_offered,
      services_not_offered: values.services_not_offered,
    };
    return { step: which, ...(which !== '2' ? one : {}), ...(which !== '1' ? two : {}) };
  };
  const submit = async () => {
    if (blocked) return;
    const write = {
      activityId,
      key: 'service_details',
      path: SERVICE_DETAILS_PATH,
      refresh: [SERVICE_DETAILS_PATH],
      record: version.next(),
    };
    if (!fullForm && step === 1) {
      if (userId !== null)
        await submitTask({ ...write, userId, label: 'Service details: step 1', body: body('1') });
      return setStep(2);
    }
    await task.submit({ ...write, label: 'Service details', body: body(fullForm ? 'full_form' : '2') });
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
      {fullForm ? null : (
        <div className="task-form__steps-row">
          {step === 2 ? (
            <button
              type="button"
              className="link-button"
              aria-label="Back to the previous step"
              onClick={() => setStep(1)}
            >
              ←
            </button>
          ) : null}
          <p className="task-form__steps">Step {step} of 2</p>
        </div>
      )}
      {first ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-product`}>
              Product
            </label>
            <input
              id={`${id}-product`}
              className="input"
              maxLength={150}
              value={values.product}
              onChange={(e) => set({ product: e.target.value })}
            />
          </div>
          <LimitedTextArea
            label="Job Requirement"
            limit={SERVICE_TEXT_LIMIT}
            value={values.job_requirement}
            onChange={(job_requirement) => set({ job_requirement })}
          />
          <fieldset className="task-form__choice">
            <legend>Do you charge an estimate fee?</legend>
            {FEES.map(([fee, label]) => (
              <label key={fee} className="task-form__radio">
                <input
                  type="radio"
                  name={`${id}-fee`}
                  checked={values.estimate_fee === fee}
                  onChange={() => set({ estimate_fee: fee })}
                />
                {label}
              </label>
            ))}
          </fieldset>
          {values.estimate_fee !== 'no' ? (
            <LimitedTextArea
              label="Estimate Fee Detail"
              limit={SERVICE_TEXT_LIMIT}
              value={values.estimate_fee_detail}
              onChange={(estimate_fee_detail) => set({ estimate_fee_detail })}
            />
          ) : null}
        </>
      ) : null}
      {second ? (
        <>
          <LimitedTextArea
            label="Services Offered"
            limit={SERVICE_TEXT_LIMIT}
            value={values.services_offered}
            onChange={(services_offered) => set({ services_offered })}
          />
          <LimitedTextArea
            label="Services Not Offered"
            limit={SERVICE_TEXT_LIMIT}
            value={values.services_not_offered}
            onChange={(services_not_offered) => set({ services_not_offered })}
          />
        </>
      ) : null}
      <TaskFormError error={task.error} />
      <TaskFormActions
        onCancel={onCancel}
        busy={task.sending}
        disabled={blocked}
        label={!fullForm && step === 1 ? 'Next Step' : 'Submit'}
      />
    </form>
  );
}
