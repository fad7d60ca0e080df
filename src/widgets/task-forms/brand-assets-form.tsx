/**
 * Brand assets (spec part 2 §2-§5): step 1 choose your own upload or stock imagery; step 2 upload
 * (PNG, JPEG, PDF; 'One or more files are not supported', 'One or more files exceed the maximum
 * file size of 2MB'; nothing new: 'No new assets to be uploaded'). The files on file are listed
 * ('No files uploaded yet'). 'Assets uploaded successfully' once delivered.
 *
 * A rules form (ui/form): the choice is a field (a RadioGroup) and the files to upload a list of
 * Files; each step checks its own, and a message also toasts.
 */
import { useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { TASK_FILE_TYPES } from '../../api/contracts/activities';
import { endpointPath } from '../../api/contracts/endpoints';
import { BrandAssetsResponse } from '../../api/contracts/tasks';
import { useCachedRead } from '../../sync/use-cached-read';
import { FormField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { RadioGroup } from '../../ui/inputs/radio-group';
import { toastError } from '../../ui/toast';
import { checkTaskFile, fileSizeText } from './file-checks';
import { FileDrop, fileHint } from './file-drop';
import { FileList } from './file-list';
import { TaskFormActions, TaskFormError } from './task-form-parts';
import { useTaskSubmit } from './use-task-submit';

export const BRAND_ASSETS_PATH = endpointPath('GET /activities/brand_assets');
const MESSAGES = {
  type: 'One or more files are not supported',
  size: 'One or more files exceed the maximum file size of 2MB',
};
const CHOICES = [
  { value: 'no', label: 'Upload my own' },
  { value: 'yes', label: 'Use stock imagery' },
] as const;
const CHOICE_REQUIRED = 'This field is required*';
const NOTHING_NEW = 'No new assets to be uploaded';

type Values = { use_stock: '' | 'yes' | 'no'; files: File[] };
const firstMessage = (errors: FieldErrors<Values>) => errors.use_stock?.message ?? errors.files?.message;

export function BrandAssetsForm({
  activityId,
  onDone,
  onCancel,
}: {
  activityId: number | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const read = useCachedRead(BrandAssetsResponse, BRAND_ASSETS_PATH);
  const [step, setStep] = useState(1);
  const form = useRulesForm<Values>({
    defaultValues: { use_stock: '', files: [] },
    rules: {
      use_stock: (v) => (step === 1 && !v ? CHOICE_REQUIRED : null),
      files: (_, values) => (step === 2 && values.files.length === 0 ? NOTHING_NEW : null),
    },
  });
  const stock = form.watch('use_stock');
  const files = form.watch('files');
  const error = firstMessage(form.formState.errors) ?? null;
  const task = useTaskSubmit({ header: 'Assets uploaded successfully' }, onDone);
  const add = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    for (const file of chosen) {
      const problem = await checkTaskFile(file, undefined, MESSAGES);
      if (problem) {
        form.setError('files', { type: 'file', message: problem });
        toastError('Error', problem);
        return;
      }
    }
    form.setValue('files', [...form.getValues('files'), ...chosen]);
    form.clearErrors('files');
  };
  const onSubmit = form.submitWith(
    () => {
      if (step === 2) return sendFiles();
      if (stock === 'no') return setStep(2);
      return task.submit({
        activityId,
        key: 'brand_assets',
        path: BRAND_ASSETS_PATH,
        label: 'Brand assets: stock imagery',
        body: { use_stock: true },
        refresh: [BRAND_ASSETS_PATH],
      });
    },
    (errors) => toastError('Error', firstMessage(errors) ?? CHOICE_REQUIRED),
  );
  const sendFiles = () =>
    task.submit({
      activityId,
      key: 'brand_assets',
      path: BRAND_ASSETS_PATH,
      label: `Brand assets: ${files.length} file${files.length === 1 ? '' : 's'}`,
      body: { use_stock: false },
      files: { files: { files, many: true } },
      refresh: [BRAND_ASSETS_PATH],
    });
  const stored = read.data?.files ?? [];
  return (
    <form className="task-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="task-form__steps-row">
        {step === 2 ? (
          <button type="button" className="link-button" onClick={() => setStep(1)}>
            ← Back
          </button>
        ) : null}
        <p className="task-form__steps">Step {step} of 2</p>
      </div>
      {step === 1 ? (
        <FormField form={form} name="use_stock">
          {(field) => (
            <RadioGroup
              ref={field.ref}
              className="task-form__choice"
              optionClassName="task-form__radio"
              legend="How would you like to provide your brand assets?"
              name="use_stock"
              options={CHOICES}
              value={field.value}
              onChange={(choice) => {
                field.onChange(choice);
                form.clearErrors('use_stock');
              }}
            />
          )}
        </FormField>
      ) : (
        <div className="field">
          <span className="field__label" id={`${id}-label`}>
            Brand Assets
          </span>
          <FileDrop
            id={id}
            labelledBy={`${id}-label`}
            accept={TASK_FILE_TYPES}
            multiple
            hint={fileHint(TASK_FILE_TYPES)}
            errorId={error ? `${id}-error` : undefined}
            onFiles={(list) => void add(list)}
          />
          {files.length > 0 ? (
            <FileList label="Files to upload">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`} className="task-licenses__item">
                  <span className="task-licenses__name">{file.name}</span>
                  <span className="task-licenses__file">{fileSizeText(file.size)}</span>
                </li>
              ))}
            </FileList>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <h3 className="task-form__steps">On file</h3>
      {read.data && stored.length === 0 ? <p className="task-form__muted">No files uploaded yet</p> : null}
      {stored.length ? (
        <FileList label="Brand assets on file">
          {stored.map((file) => (
            <li key={file.id} className="task-licenses__item">
              <span className="task-licenses__name">{file.filename}</span>
              <span className="task-licenses__file">{fileSizeText(file.byte_size)}</span>
            </li>
          ))}
        </FileList>
      ) : null}
      <TaskFormError error={task.error} />
      <TaskFormActions
        onCancel={onCancel}
        busy={task.sending}
        label={step === 1 && stock !== 'yes' ? 'Next Step' : 'Submit'}
      />
    </form>
  );
}
