/**
 * A file picker: a drop area (the label) over a visually hidden native file input. The input keeps
 * the keyboard and the screen reader: Tab lands on it (the area shows the focus ring), Space or
 * Enter opens the browser's picker, a click anywhere on the area does too, and files dragged onto
 * the area are taken as if chosen. `children` is what the area shows (the caller's words, hidden
 * from screen readers when they repeat the name).
 *
 * - Its name comes from the field's label (`labelledBy`); `describedBy` (a hint, then the error)
 *   and `invalid` go on the input.
 * - `onFiles` gets the chosen or dropped files; the input is emptied after each choice, so the same
 *   file chosen again is reported again. Checking a file's type and size is the caller's.
 * - Drags of something that is not a file (text, a link) are left to the browser.
 */
import './inputs.css';
import { type DragEvent, type ReactNode, useState } from 'react';

export type FilePickerProps = {
  id: string;
  /** The id of the field's own label, the input's name. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  accept: readonly string[];
  multiple?: boolean;
  onFiles: (files: FileList | null) => void;
  children: ReactNode;
};

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export function FilePicker({
  id,
  labelledBy,
  describedBy,
  invalid,
  accept,
  multiple,
  onFiles,
  children,
}: FilePickerProps) {
  const [over, setOver] = useState(false);
  const drag = (event: DragEvent<HTMLLabelElement>, entering: boolean) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(entering);
  };
  return (
    <label
      htmlFor={id}
      className={over ? 'file-picker file-picker--over' : 'file-picker'}
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
        className="file-picker__input"
        accept={accept.join(',')}
        multiple={multiple}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {children}
    </label>
  );
}
