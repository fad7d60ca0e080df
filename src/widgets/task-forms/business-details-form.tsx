/**
 * Business details (spec part 2 §2, §5): special offers, guarantees and accolades, each at most
 * 500 characters with a remaining counter and 'You have reached the maximum characters limit.';
 * a leading space is trimmed; Save is disabled while all three are empty. The save carries the
 * version of the record its values came from (task-api.ts `record`).
 *
 * A rules form (ui/form) over the contract's limits; the stored values fill it until the user types.
 */
import { useEffect, useRef, useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { BUSINESS_DETAILS_LIMIT, BusinessDetailResponse, LIMIT_REACHED } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { TextArea } from '../../ui/inputs/text-area';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const BUSINESS_DETAILS_PATH = endpointPath('GET /activities/business_details');
const FIELDS = [
  ['special_offers', 'Special Offers'],
  ['guarantees', 'Guarantees'],
  ['accolades', 'Accolades'],
] as const;
type Values = { special_offers: string; guarantees: string; accolades: string };

const limited = (v: string) => (v.length > BUSINESS_DETAILS_LIMIT ? LIMIT_REACHED : null);

export function BusinessDetailsForm({
  activityId,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const read = useCachedRead(BusinessDetailResponse, BUSINESS_DETAILS_PATH);
  const form = useRulesForm<Values>({
    defaultValues: { special_offers: '', guarantees: '', accolades: '' },
    rules: { special_offers: limited, guarantees: limited, accolades: limited },
  });
  const { reset } = form;
  const touched = useRef(false);
  // The version of the record the values came from: what the save is based on.
  const [shown, setShown] = useState<number | undefined>(undefined);
  const loaded = read.data?.business_detail;
  useEffect(() => {
    if (!loaded || touched.current) return;
    const { version, ...fields } = loaded;
    reset(fields);
    setShown(version);
  }, [loaded, reset]);
  const task = useTaskSubmit({ header: 'Business Details updated successfully' }, onDone);
  const values = form.watch();
  const empty = FIELDS.every(([key]) => !values[key].trim());
  const onSubmit = form.submitWith((body) => {
    if (empty) return;
    return task.submit({
      activityId,
      key: 'business_details',
      path: BUSINESS_DETAILS_PATH,
      label: 'Business details',
      body,
      refresh: [BUSINESS_DETAILS_PATH],
      record: { version: shown },
    });
  });
  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {FIELDS.map(([key, label]) => (
        <FormField key={key} form={form} name={key}>
          {(field) => (
            <TextArea
              {...field}
              id={`business-${key}`}
              label={label}
              limit={BUSINESS_DETAILS_LIMIT}
              limitReached={LIMIT_REACHED}
              noLeadingSpace
              onChange={(value) => {
                touched.current = true;
                field.onChange(value);
              }}
            />
          )}
        </FormField>
      ))}
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" disabled={empty} />
    </form>
  );
}
