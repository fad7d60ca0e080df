/**
 * License verification and renewal (spec part 2 §3-§5): a required Yes/No question ('No' submits
 * license_required 0), then licensee name, type (not in renewals), number, expiration date and
 * one file; the licenses already on file are listed (scrolling at 165 px). Renewal is one step and
 * posts to /activities/renew_license/{ref}. "Today" (no past expiration date) is the account's
 * day (use-account-today.ts); the file is a field of the rules form (FormFileField).
 *
 * Hosts: the Overview's task modal and (later) the Account Settings profile tab.
 */
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_MESSAGES } from '../../api/contracts/activities';
import { endpointPath } from '../../api/contracts/endpoints';
import { LICENSE_MESSAGES, LicensesResponse } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField, FormFileField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { TextInput } from '../../ui/inputs/text-input';
import { LicenseList } from './license-list';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { UploadField } from './upload-field';
import { useAccountToday } from './use-account-today';
import { useTaskSubmit } from './use-task-submit';

export const LICENSES_PATH = endpointPath('GET /activities/verify_license');

const ANSWERS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

type Values = { name: string; type: string; number: string; expiration_date: string; file: File | null };

const rules = (renew: boolean, today: string) => ({
  name: (v: string) =>
    !v.trim() ? LICENSE_MESSAGES.nameRequired : v.length > 150 ? LICENSE_MESSAGES.nameTooLong : null,
  type: (v: string) =>
    renew
      ? null
      : !v.trim()
        ? LICENSE_MESSAGES.typeRequired
        : v.length > 150
          ? 'License type must be at most 150 characters'
          : null,
  number: (v: string) =>
    !v.trim()
      ? LICENSE_MESSAGES.numberRequired
      : v.length > 150
        ? 'License number must be at most 150 characters'
        : null,
  expiration_date: (v: string) =>
    !v ? LICENSE_MESSAGES.dateRequired : v < today ? LICENSE_MESSAGES.datePast : null,
  file: (_: string, values: Values) => (values.file ? null : UPLOAD_MESSAGES.required),
});

export type LicenseFormProps = {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
  /** Renewal of this license (by its id); verification otherwise. */
  renewLicenseId?: number | null;
};

export function LicenseForm({ activityId, onDone, onCancel, renewLicenseId = null }: LicenseFormProps) {
  const renew = renewLicenseId !== null;
  const list = useCachedRead(LicensesResponse, LICENSES_PATH);
  const renewed = list.data?.licenses.find((l) => l.id === renewLicenseId) ?? null;
  const [required, setRequired] = useState<'yes' | 'no' | ''>(renew ? 'yes' : '');
  const [questionError, setQuestionError] = useState<string | null>(null);
  const today = useAccountToday();
  const form = useRulesForm<Values>({
    defaultValues: { name: renewed?.name ?? '', type: '', number: '', expiration_date: '', file: null },
    // Rebuilt each render, so the date rule follows the account's zone once the settings arrive.
    rules: rules(renew, today),
    trimmed: ['name', 'type', 'number'],
  });
  // A renewal names the licensee on file once the list arrives (the form may open before it),
  // unless the user has typed a name already.
  const renewedName = renewed?.name ?? '';
  const prefilled = useRef(false);
  useEffect(() => {
    if (!renewedName || prefilled.current) return;
    prefilled.current = true;
    if (!form.getValues('name')) form.setValue('name', renewedName);
  }, [renewedName, form]);
  const task = useTaskSubmit(
    renew ? { header: LICENSE_MESSAGES.renewed } : { header: 'Updated successfully' },
    onDone,
  );

  const submitNo = async () => {
    await task.submit({
      activityId,
      key: 'verify_license',
      path: LICENSES_PATH,
      label: 'License: not required',
      body: { license_required: 0 },
    });
  };
  const onSubmit = form.submitWith(async ({ file, ...values }) => {
    const files = { file: { files: [file as File], many: false } };
    if (renew) {
      if (!renewed) return;
      await task.submit({
        activityId,
        key: 'renew_license',
        path: endpointPath('POST /activities/renew_license/:ref', { ref: renewed.ref_id }),
        label: `License renewal: ${renewed.type}`,
        body: { name: values.name, number: values.number, expiration_date: values.expiration_date },
        files,
        refresh: [LICENSES_PATH],
      });
      return;
    }
    await task.submit({
      activityId,
      key: 'verify_license',
      path: LICENSES_PATH,
      label: `License: ${values.type}`,
      body: { license_required: 1, ...values },
      files,
      refresh: [LICENSES_PATH],
    });
  });

  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        if (required === 'no') {
          event.preventDefault();
          void submitNo();
        } else if (required === '') {
          event.preventDefault();
          setQuestionError('This field is required*');
        } else void onSubmit(event);
      }}
    >
      {renew ? (
        <p className="task-form__lead">
          {renewed
            ? `Renewing ${renewed.view_name ?? renewed.type}, expired ${renewed.expiration_date}.`
            : 'Loading the license…'}
        </p>
      ) : (
        <>
          <LicenseList licenses={list.data?.licenses} loading={list.loading} />
          <RadioGroup
            className="task-form__choice"
            optionClassName="task-form__radio"
            legend="Is a license required for your business?"
            name="license_required"
            options={ANSWERS}
            value={required}
            error={questionError}
            onChange={(answer) => {
              setRequired(answer);
              setQuestionError(null);
            }}
          />
        </>
      )}
      {required === 'yes' ? (
        <div className="task-form__fields">
          <FormField form={form} name="name">
            {(field) => (
              <TextInput {...field} id="license-name" label="Licensee Name" required maxLength={150} />
            )}
          </FormField>
          {renew ? null : (
            <FormField form={form} name="type">
              {(field) => (
                <TextInput {...field} id="license-type" label="License Type" required maxLength={150} />
              )}
            </FormField>
          )}
          <FormField form={form} name="number">
            {(field) => (
              <TextInput {...field} id="license-number" label="License Number" required maxLength={150} />
            )}
          </FormField>
          <FormField form={form} name="expiration_date">
            {(field) => (
              <TextInput
                {...field}
                id="license-date"
                type="date"
                min={today}
                label="Expiration Date"
                required
              />
            )}
          </FormField>
          <FormFileField form={form} name="file" focusId="license-file">
            {(field) => (
              <UploadField
                id="license-file"
                label="License File"
                file={field.value}
                onChange={field.onChange}
                error={field.error}
                onError={field.onError}
                progress={task.sending ? task.delivery.progress : null}
              />
            )}
          </FormFileField>
        </div>
      ) : null}
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Submit" />
    </form>
  );
}
