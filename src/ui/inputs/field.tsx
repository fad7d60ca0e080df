/**
 * The frame every form input sits in: a label tied to the control, an optional hint, and the error
 * message (spec texts, passed in). The control is rendered by the child function, which receives the
 * id and ARIA attributes to spread on it, so the label, aria-invalid and aria-describedby can never
 * point at the wrong element.
 *
 * The label's id is `${id}-label`, for popups that name themselves after the field.
 * The error comes first in aria-describedby: a screen reader says what is wrong before the hint.
 */
import './inputs.css';
import type { ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

export type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Ids of more text describing the control (a strength meter, a status line). */
  describedBy?: string;
  /**
   * Shown beside the label, e.g. a link. It comes after the control in the document (so Tab goes
   * from the label's control to the next field first) and is placed beside the label by CSS.
   */
  aside?: ReactNode;
  /** The label is still read by screen readers, only hidden on screen (compact toolbars). */
  hideLabel?: boolean;
  className?: string;
  /** Rendered under the message, e.g. a strength meter: the message stays next to the control. */
  below?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({
  id,
  label,
  hint,
  error,
  required,
  describedBy,
  aside,
  hideLabel,
  className,
  below,
  children,
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={['field', aside ? 'field--aside' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className={hideLabel ? 'visually-hidden' : 'field__label-row'}>
        <label id={`${id}-label`} className="field__label" htmlFor={id}>
          {label}
          {required ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      </div>
      {children(control)}
      {aside ? <div className="field__aside">{aside}</div> : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {below}
    </div>
  );
}
