/**
 * Service details (spec part 2 §3-§5): step 1 product, job requirement and estimate fee (yes,
 * some or no; the detail asked unless 'no', and dropped from the payload when 'no'); step 2
 * services offered and not offered. `fullForm` shows everything as one step. Text areas count
 * down to their limit ('You have reached the maximum characters limit.'); submit is disabled
 * while a required text is empty. Each save carries the version of the record it was made from
 * (use-record-version.ts).
 *
 * A rules form (ui/form): the stored values fill it once; the estimate fee is a RadioGroup
 * (ui/inputs).
 */
import { useEffect, useId, useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { LIMIT_REACHED, SERVICE_TEXT_LIMIT, ServiceDetailResponse } from '../../api/contracts/tasks';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField } from '../../ui/form/form-field';
import { type RulesForm, useRulesForm } from '../../ui/form/use-rules-form';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { TextArea } from '../../ui/inputs/text-area';
import { TextInput } from '../../ui/inputs/text-input';
import { submitTask } from './task-api';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useRecordVersion } from './use-record-version';
import { useTaskSubmit } from './use-task-submit';

export const SERVICE_DETAILS_PATH = endpointPath('GET /activities/service_details');
const FEES = [
  { value: 'yes', label: 'Yes' },
  { value: 'some', label: 'Some' },
  { value: 'no', label: 'No' },
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

type TextKey = Exclude<keyof Values, 'estimate_fee'>;
const limited = (limit: number) => (v: string) => (v.length > limit ? LIMIT_REACHED : null);
const rules = {
  product: limited(150),
  job_requirement: limited(SERVICE_TEXT_LIMIT),
  estimate_fee_detail: limited(SERVICE_TEXT_LIMIT),
  services_offered: limited(SERVICE_TEXT_LIMIT),
  services_not_offered: limited(SERVICE_TEXT_LIMIT),
};

function Text({ form, name, label }: { form: RulesForm<Values>; name: TextKey; label: string }) {
  return (
    <FormField form={form} name={name}>
      {(field) => (
        <TextArea
          {...field}
          id={`service-${name}`}
          label={label}
          limit={SERVICE_TEXT_LIMIT}
          limitReached={LIMIT_REACHED}
          noLeadingSpace
        />
      )}
    </FormField>
  );
}

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
  const [ready, setReady] = useState(false);
  const form = useRulesForm<Values>({
    defaultValues: {
      product: '',
      job_requirement: '',
      estimate_fee: 'yes',
      estimate_fee_detail: '',
      services_offered: '',
      services_not_offered: '',
    },
    rules,
  });
  const { reset } = form;
  const version = useRecordVersion();
  const { shown } = version;
  const task = useTaskSubmit({ header: 'Service Details updated successfully' }, onDone);
  const stored = read.data?.service_detail;
  useEffect(() => {
    if ((!stored && !read.error) || ready) return;
    shown(stored?.version);
    reset({
      product: stored?.product ?? '',
      job_requirement: stored?.job_requirement ?? '',
      estimate_fee: stored?.estimate_fee ?? 'yes',
      estimate_fee_detail: stored?.estimate_fee_detail ?? '',
      services_offered: stored?.services_offered ?? '',
      services_not_offered: stored?.services_not_offered ?? '',
    });
    setReady(true);
  }, [stored, read.error, shown, reset, ready]);
  const values = form.watch();
  if (!ready) return <p className="task-form__muted">Loading…</p>;
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
  const onSubmit = form.submitWith(async () => {
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
  });
  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
          <FormField form={form} name="product">
            {(field) => <TextInput {...field} id="service-product" label="Product" maxLength={150} />}
          </FormField>
          <Text form={form} name="job_requirement" label="Job Requirement" />
          <RadioGroup
            className="task-form__choice"
            optionClassName="task-form__radio"
            legend="Do you charge an estimate fee?"
            name={`${id}-fee`}
            options={FEES}
            value={values.estimate_fee}
            onChange={(fee) => form.setValue('estimate_fee', fee)}
          />
          {values.estimate_fee !== 'no' ? (
            <Text form={form} name="estimate_fee_detail" label="Estimate Fee Detail" />
          ) : null}
        </>
      ) : null}
      {second ? (
        <>
          <Text form={form} name="services_offered" label="Services Offered" />
          <Text form={form} name="services_not_offered" label="Services Not Offered" />
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
