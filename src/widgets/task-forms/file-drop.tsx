/**
 * The one file picker of the portal: a dashed drop area ("Choose a file or drag it here", the
 * allowed types and size under it) over a visually hidden native input, so every upload (logo,
 * licenses, insurance, brand assets) looks and works the same. The input keeps the keyboard and
 * the screen reader: Tab lands on it (the area shows the focus), Space or Enter opens the picker,
 * its name is the field's label (`labelledBy`) and the hint describes it.
 */
import { type DragEvent, useId, useState } from 'react';

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

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export function FileDrop({ id, labelledBy, accept, multiple, hint, errorId, onFiles }: FileDropProps) {
  const hintId = `${useId()}-hint`;
  const [over, setOver] = useState(false);
  const drag = (event: DragEvent<HTMLLabelElement>, entering: boolean) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(entering);
  };
  return (
    <label
      htmlFor={id}
      className={over ? 'file-drop file-drop--over' : 'file-drop'}
      onDragEnter={(event) => drag(event, true)}
      onDragOver={(event) => drag(event, true)}
      onDragLeave={(event) => drag(event, false)}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      <input
        id={id}
        type="file"
        className="file-drop__input"
        accept={accept.join(',')}
        multiple={multiple}
        aria-labelledby={labelledBy}
        aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
        aria-invalid={errorId ? true : undefined}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
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
    </label>
  );
}

/** The hint for a list of MIME types: 'PNG, JPEG or PDF, up to 2MB'. */
export function fileHint(types: readonly string[]): string {
  const names = types.map((type) => (type.split('/')[1] ?? type).toUpperCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `${list}, up to 2MB`;
}
