/**
 * One file for a task (spec part 2 §5): png, jpeg or pdf (or the types given), at most 2MB, one
 * file at a time. A refused choice shows the spec's message under the field and is not kept; the
 * chosen file shows its name and size, and while it is being sent, its progress. The picker is
 * the shared drop area (file-drop.tsx): chosen or dropped, a file goes through the same checks.
 */
import { useId } from 'react';
import { TASK_FILE_TYPES } from '../../api/contracts/activities';
import { toastError } from '../../ui/toast';
import { checkTaskFile, type FileMessages, fileSizeText } from './file-checks';
import { FileDrop, fileHint } from './file-drop';

export type UploadFieldProps = {
  /** The file input's id (a form focuses it when the field is the first invalid one). */
  id?: string;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  types?: readonly string[];
  /** While sending: 0-100. */
  progress?: number | null;
  /** The type and size messages, when not the task ones (logo, brand assets). */
  messages?: FileMessages;
};

export function UploadField({
  id: givenId,
  label,
  file,
  onChange,
  error,
  onError,
  types = TASK_FILE_TYPES,
  progress,
  messages,
}: UploadFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const choose = async (list: FileList | null) => {
    const chosen = list?.[0];
    if (!chosen) return;
    const problem = await checkTaskFile(chosen, types, messages);
    onError(problem);
    if (problem) toastError('Error', problem);
    else onChange(chosen);
  };
  return (
    <div className="field task-upload">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <FileDrop
        id={id}
        labelledBy={`${id}-label`}
        accept={types}
        hint={fileHint(types)}
        errorId={error ? `${id}-error` : undefined}
        onFiles={(files) => void choose(files)}
      />
      {file ? (
        <div className="task-upload__file">
          <span className="task-upload__name">{file.name}</span>
          <span className="task-upload__size">{fileSizeText(file.size)}</span>
          {progress == null ? (
            <button type="button" className="link-button" onClick={() => onChange(null)}>
              Remove
            </button>
          ) : (
            <progress
              className="task-upload__progress"
              max={100}
              value={progress}
              aria-label={`Uploading ${file.name}`}
            >
              {progress}%
            </progress>
          )}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
