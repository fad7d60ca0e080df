/**
 * The logo upload (spec part 2 §2, §5): PNG or JPEG only ('Only images (PNG/JPEG) are allowed'),
 * at most 2MB ('Image size is too large'); saving with nothing chosen: 'No image to save'. A
 * preview of the chosen image; 'Logo updated successfully' once delivered. A host that shows the
 * logo on file (the profile) passes its version, which the upload carries (task-api.ts `record`),
 * so a logo changed meanwhile elsewhere shows as a conflict instead of being replaced unseen.
 */
import { useEffect, useState } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import { LOGO_MESSAGES } from '../../api/contracts/tasks';
import { FormFileField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { toastError } from '../../ui/toast';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { UploadField } from './upload-field';
import { useTaskSubmit } from './use-task-submit';

export const LOGO_PATH = endpointPath('POST /activities/upload_logo');
const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
const MESSAGES = { type: 'Only images (PNG/JPEG) are allowed', size: 'Image size is too large' };
const NO_IMAGE = 'No image to save';

type Values = { logo: File | null };

export function LogoForm({
  activityId,
  onDone,
  onCancel,
  refresh,
  version,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
  /** Further GET paths the new logo changes (a host showing it re-reads them once delivered). */
  refresh?: string[];
  /** The version of the logo the host shows (profile logo_version). */
  version?: number;
}) {
  const form = useRulesForm<Values>({
    defaultValues: { logo: null },
    rules: { logo: (_, values) => (values.logo ? null : NO_IMAGE) },
  });
  const file = form.watch('logo');
  const [preview, setPreview] = useState<string | null>(null);
  const task = useTaskSubmit({ header: LOGO_MESSAGES.updated }, onDone);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const onSubmit = form.submitWith(
    ({ logo }) =>
      task.submit({
        activityId,
        key: 'upload_logo',
        path: LOGO_PATH,
        label: 'Company logo',
        body: {},
        files: { logo: { files: [logo as File], many: false } },
        refresh,
        record: { version },
      }),
    () => toastError('Error', NO_IMAGE),
  );
  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {preview ? <img className="task-form__logo" src={preview} alt="Logo preview" /> : null}
      <FormFileField form={form} name="logo" focusId="logo-file">
        {(field) => (
          <UploadField
            id="logo-file"
            label="Company Logo"
            file={field.value}
            onChange={field.onChange}
            error={field.error}
            onError={field.onError}
            types={LOGO_TYPES}
            messages={MESSAGES}
            progress={task.sending ? task.delivery.progress : null}
          />
        )}
      </FormFileField>
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" />
    </form>
  );
}
