/**
 * The service area task (spec part 2 §2, §4, §5): step 1 confirm the zip codes served (the
 * default is those within 30 miles of the business); 'Next Step' needs one selected ('Please
 * select at least one ZIP code'); step 2 names the area and submits it (POST
 * /activities/service_areas/form through the outbox with the task's tag), which completes the
 * task. Zip code changes are queued as they are made (service-area-locations.tsx), before the
 * name, so they reach the server first.
 *
 * A rules form (ui/form): the name's rule is the contract's (ServiceAreaFormBody); step 1's
 * "at least one ZIP code" is the `zips` field's rule over the choices made.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import {
  type AreaLocation,
  SERVICE_AREA_MESSAGES,
  SERVICE_AREA_TITLE_MAX,
  ServiceAreaFormBody,
  ServiceAreaResponse,
} from '../../api/contracts/service-areas';
import { useSession } from '../../db/use-session';
import { enqueue } from '../../sync/outbox';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField } from '../../ui/form/form-field';
import { contractRule } from '../../ui/form/rules-struct';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { TextInput } from '../../ui/inputs/text-input';
import { AREA_LOCATIONS_PATH, ServiceAreaLocations, type ZipChoices } from './service-area-locations';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const SERVICE_AREA_PATH = endpointPath('GET /activities/service_areas');
type Values = { zips: string; title: string };
const titleRule = contractRule<Values, string, null>(ServiceAreaFormBody.schema.title);

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
  const area = useCachedRead(ServiceAreaResponse, SERVICE_AREA_PATH);
  const [step, setStep] = useState<1 | 2>(1);
  const [choices, setChoices] = useState<ZipChoices>(new Map());
  const [seen, setSeen] = useState<Map<string, boolean>>(new Map());
  const anySelected = () => {
    for (const [zip, selected] of seen) if (choices.get(zip) ?? selected) return true;
    for (const selected of choices.values()) if (selected) return true;
    return false;
  };
  const form = useRulesForm<Values>({
    defaultValues: { zips: '', title: '' },
    rules: {
      zips: () => (step === 1 && !anySelected() ? SERVICE_AREA_MESSAGES.noZip : null),
      title: (v, values) => (step === 2 ? titleRule(v, values) : null),
    },
    trimmed: ['title'],
  });
  const task = useTaskSubmit({ header: SERVICE_AREA_MESSAGES.saved }, onDone);
  // The name on file fills the field once it arrives, unless the user has typed one.
  const storedTitle = area.data?.service_area?.title ?? '';
  const prefilled = useRef(false);
  useEffect(() => {
    if (!storedTitle || prefilled.current) return;
    prefilled.current = true;
    if (!form.getValues('title')) form.setValue('title', storedTitle);
  }, [storedTitle, form]);
  const zipError = form.formState.errors.zips?.message ?? null;

  const onLoaded = useCallback((locations: AreaLocation[]) => {
    setSeen((before) => {
      const next = new Map(before);
      for (const l of locations) for (const z of l.zipcodes) next.set(z.zipcode, z.selected);
      return next;
    });
  }, []);
  const onToggle = (zips: string[], selected: boolean) => {
    if (userId === null || zips.length === 0) return;
    form.clearErrors('zips');
    setChoices((before) => {
      const next = new Map(before);
      for (const zip of zips) next.set(zip, selected);
      return next;
    });
    void enqueue({
      userId,
      method: 'POST',
      path: selected
        ? endpointPath('POST /activities/service_areas/locations/add')
        : endpointPath('POST /activities/service_areas/locations/remove'),
      body: { locations: zips },
      label: `${selected ? 'Add' : 'Remove'} ${zips.length === 1 ? `ZIP code ${zips[0]}` : `${zips.length} ZIP codes`}`,
      refresh: [AREA_LOCATIONS_PATH],
      tag: { type: 'service-area', id: zips.join(',') },
    });
  };

  const onSubmit = form.submitWith(({ title }) => {
    if (step === 1) return setStep(2);
    return task.submit({
      activityId,
      key: 'service_areas',
      path: endpointPath('POST /activities/service_areas/form'),
      label: 'Service area',
      body: { title },
      refresh: [SERVICE_AREA_PATH, AREA_LOCATIONS_PATH],
    });
  });

  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="task-form__steps-row">
        {step === 2 ? (
          <button
            type="button"
            className="link-button"
            aria-label="Back to the previous step"
            onClick={() => {
              form.clearErrors();
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
          {zipError ? (
            <p className="field__error" role="alert">
              {zipError}
            </p>
          ) : null}
        </>
      ) : (
        <FormField form={form} name="title">
          {(field) => (
            <TextInput
              {...field}
              id="service-area-title"
              label="Service Area Name"
              required
              maxLength={SERVICE_AREA_TITLE_MAX}
            />
          )}
        </FormField>
      )}
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label={step === 1 ? 'Next Step' : 'Submit'} />
    </form>
  );
}
