/**
 * The portal's one upload area: FilePicker (src/ui/inputs) showing an upload icon, "Choose a file
 * or drag it here" and the allowed types and size under it, so every upload (logo, licenses,
 * insurance, brand assets) looks and works the same. The hint describes the input, before the
 * field's error when one shows.
 */
import { useId } from 'react';
import { FilePicker } from '../../ui/inputs/file-picker';

export type FileDropProps = {
  id: string;
  /** The id of the field's own label, the input's name. */
  labelledBy: string;
  accept: readonly string[];
  multiple?: boolean;
  /** 'PNG, JPEG or PDF, up to 2MB'. */
  hint: string;
  /** The id of the field's error, when shown. */
  errorId?: string;
  onFiles: (files: FileList | null) => void;
};

export function FileDrop({ id, labelledBy, accept, multiple, hint, errorId, onFiles }: FileDropProps) {
  const hintId = `${useId()}-hint`;
  return (
    <FilePicker
      id={id}
      labelledBy={labelledBy}
      describedBy={errorId ? `${hintId} ${errorId}` : hintId}
      invalid={!!errorId}
      accept={accept}
      multiple={multiple}
      onFiles={onFiles}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="file-drop__text" aria-hidden="true">
        <span className="file-drop__action">{multiple ? 'Choose files' : 'Choose a file'}</span> or drag{' '}
        {multiple ? 'them' : 'it'} here
      </span>
      <span id={hintId} className="file-drop__hint">
        {hint}
      </span>
    </FilePicker>
  );
}

/** The hint for a list of MIME types: 'PNG, JPEG or PDF, up to 2MB'. */
export function fileHint(types: readonly string[]): string {
  const names = types.map((type) => (type.split('/')[1] ?? type).toUpperCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `${list}, up to 2MB`;
}
