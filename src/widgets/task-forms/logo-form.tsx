/**
 * The logo upload (spec part 2 §2, §5): PNG or JPEG only ('Only images (PNG/JPEG) are allowed'),
 * at most 2MB ('Image size is too large'); saving with nothing chosen: 'No image to save'. A
 * preview of the chosen image; 'Logo updated successfully' once delivered. A host that shows the
 * logo on file (the profile) passes its version, which the upload carries (task-api.ts `record`),
 * so a logo changed meanwhile elsewhere shows as a conflict instead of being replaced unseen.
 */
import { useEffect, useState } from 'react';
import { LOGO_MESSAGES } from '../../api/contracts/tasks';
import { toastError } from '../../ui/toast';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { UploadField } from './upload-field';
import { useTaskSubmit } from './use-task-submit';

export const LOGO_PATH = '/activities/upload_logo';
const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
const MESSAGES = { type: 'Only images (PNG/JPEG) are allowed', size: 'Image size is too large' };

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
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const task = useTaskSubmit({ header: LOGO_MESSAGES.updated }, onDone);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <form
      className="task-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) {
          setError('No image to save');
          toastError('Error', 'No image to save');
          return;
        }
        void task.submit({
          activityId,
          key: 'upload_logo',
          path: LOGO_PATH,
          label: 'Company logo',
          body: {},
          files: { logo: { files: [file], many: false } },
          refresh,
          record: { version },
        });
      }}
    >
      {preview ? <img className="task-form__logo" src={preview} alt="Logo preview" /> : null}
      <UploadField
        label="Company Logo"
        file={file}
        onChange={(next) => {
          setFile(next);
          if (next) setError(null);
        }}
        error={error}
        onError={setError}
        types={LOGO_TYPES}
        messages={MESSAGES}
        progress={task.sending ? task.delivery.progress : null}
      />
      <TaskFormError error={task.error} />
      <TaskFormActions onCancel={onCancel} busy={task.sending} label="Save" />
    </form>
  );
}
