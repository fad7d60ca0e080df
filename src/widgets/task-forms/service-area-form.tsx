/**
 * The service area task (spec part 2 §2, §4, §5): step 1 confirm the zip codes served (the
 * default is those within 30 miles of the business); 'Next Step' needs one selected ('Please
 * select at least one ZIP code'); step 2 names the area and submits it (POST
 * /activities/service_areas/form through the outbox with the task's tag), which completes the
 * task. Zip code changes are queued as they are made (service-area-locations.tsx), before the
 * name, so they reach the server first.
 */
import { useCallback, useId, useState } from 'react';
import {
  type AreaLocation,
  SERVICE_AREA_MESSAGES,
  SERVICE_AREA_TITLE_MAX,
  ServiceAreaResponse,
} from '../../api/contracts/service-areas';
import { useSession } from '../../db/use-session';
import { enqueue } from '../../sync/outbox';
import { useCachedRead } from '../../sync/use-cached-read';
import { AREA_LOCATIONS_PATH, ServiceAreaLocations, type ZipChoices } from './service-area-locations';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const SERVICE_AREA_PATH = '/activities/service_areas';

export function ServiceAreaForm({
  activityId,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { user_id: userId } = useSession();
  const titleId = useId();
  const area = useCachedRead(ServiceAreaResponse, SERVICE_AREA_PATH);
  const [step, setStep] = useState<1 | 2>(1);
  const [choices, setChoices] = useState<ZipChoices>(new Map());
  const [seen, setSeen] = useState<Map<string, boolean>>(new Map());
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const task = useTaskSubmit({ header: SERVICE_AREA_MESSAGES.saved }, onDone);
  const shownTitle = title ?? area.data?.service_area?.title ?? '';

  const onLoaded = useCallback((locations: AreaLocation[]) => {
    setSeen((before) => {
      const next = new Map(before);
      for (const l of locations) for (const z of l.zipcodes) next.set(z.zipcode, z.selected);
      return next;
    });
  }, []);
  const onToggle = (zips: string[], selected: boolean) => {
    if (userId === null || zips.length === 0) return;
    setError(null);
    setChoices((before) => {
      const next = new Map(before);
      for (const zip of zips) next.set(zip, selected);
      return next;
    });
    void enqueue({
      userId,
      method: 'POST',
      path: `${SERVICE_AREA_PATH}/locations/${selected ? 'add' : 'remove'}`,
      body: { locations: zips },
      label: `${selected ? 'Add' : 'Remove'} ${zips.length === 1 ? `ZIP code ${zips[0]}` : `${zips.length} ZIP codes`}`,
      refresh: [AREA_LOCATIONS_PATH],
      tag: { type: 'service-area', id: zips.join(',') },
    });
  };
  const anySelected = () => {
    for (const [zip, selected] of seen) if (choices.get(zip) ?? selected) return true;
    for (const selected of choices.values()) if (selected) return true;
    return false;
  };

  const submit = () => {
    if (step === 1) {
      if (!anySelected()) return setError(SERVICE_AREA_MESSAGES.noZip);
      setError(null);
      return setStep(2);
    }
    if (!shownTitle.trim()) return setError(SERVICE_AREA_MESSAGES.required);
    void task.submit({
      activityId,
      key: 'service_areas',
      path: `${SERVICE_AREA_PATH}/form`,
      label: 'Service area',
      body: { title: shownTitle.trim() },
      refresh: [SERVICE_AREA_PATH, AREA_LOCATIONS_PATH],
    });
  };

  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="task-form__steps-row">
        {step === 2 ? (
          <button
            type="button"
            className="link-button"
            aria-label="Back to the previous step"
            onClick={() => {
              setError(null);
              setStep(1);
            }}
          >
            ←
          </button>
        ) : null}
        <p className="task-form__steps">
          Step {step} of 2: {step === 1 ? 'Confirm your service area' : 'Name it'}
        </p>
      </div>
      {step === 1 ? (
        <>
          <p className="task-form__lead">
            Tick the ZIP codes you serve. We start with the ZIP codes within 30 miles of your business.
          </p>
          <ServiceAreaLocations choices={choices} onToggle={onToggle} onLoaded={onLoaded} />
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={titleId}>
            Service Area Name
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={titleId}
            className="input"
            type="text"
            maxLength={SERVICE_AREA_TITLE_MAX}
            value={shownTitle}
            aria-invalid={!!error}
            aria-describedby={error ? `${titleId}-error` : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${titleId}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label={step === 1 ? 'Next Step' : 'Submit'} />
    </form>
  );
}
