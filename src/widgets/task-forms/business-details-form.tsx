/**
 * Business details (spec part 2 §2, §5): special offers, guarantees and accolades, each at most
 * 500 characters with a remaining counter and 'You have reached the maximum characters limit.';
 * a leading space is trimmed; Save is disabled while all three are empty. The save carries the
 * version of the record its values came from (task-api.ts `record`).
 */
import { useEffect, useId, useState } from 'react';
import { BUSINESS_DETAILS_LIMIT, BusinessDetailResponse, LIMIT_REACHED } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const BUSINESS_DETAILS_PATH = '/activities/business_details';
const FIELDS = [
  ['special_offers', 'Special Offers'],
  ['guarantees', 'Guarantees'],
  ['accolades', 'Accolades'],
] as const;
type Key = (typeof FIELDS)[number][0];

export function LimitedTextArea({
  label,
  value,
  onChange,
  limit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  limit: number;
}) {
  const id = useId();
  const left = limit - value.length;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={limit}
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value.replace(/^\s+/, '').slice(0, limit))}
      />
      <p id={`${id}-count`} className="task-form__counter" aria-live="polite">
        {left <= 0 ? LIMIT_REACHED : `${left} characters remaining`}
      </p>
    </div>
  );
}

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
  const [values, setValues] = useState<Record<Key, string>>({
    special_offers: '',
    guarantees: '',
    accolades: '',
  });
  const [touched, setTouched] = useState(false);
  // The version of the record the values came from: what the save is based on.
  const [shown, setShown] = useState<number | undefined>(undefined);
  const loaded = read.data?.business_detail;
  useEffect(() => {
    if (!loaded || touched) return;
    const { version, ...fields } = loaded;
    setValues(fields);
    setShown(version);
  }, [loaded, touched]);
  const task = useTaskSubmit({ header: 'Business Details updated successfully' }, onDone);
  const empty = FIELDS.every(([key]) => !values[key].trim());
  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (empty) return;
        void task.submit({
          activityId,
          key: 'business_details',
          path: BUSINESS_DETAILS_PATH,
          label: 'Business details',
          body: values,
          refresh: [BUSINESS_DETAILS_PATH],
          record: { version: shown },
        });
      }}
    >
      {FIELDS.map(([key, label]) => (
        <LimitedTextArea
          key={key}
          label={label}
          limit={BUSINESS_DETAILS_LIMIT}
          value={values[key]}
          onChange={(value) => {
            setTouched(true);
            setValues((v) => ({ ...v, [key]: value }));
          }}
        />
      ))}
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" disabled={empty} />
    </form>
  );
}
