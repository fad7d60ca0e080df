/**
 * A text area on the shared field frame. With `limitReached` it counts down to its `limit`
 * ('N characters remaining', then that text) under the control; the count is part of its description.
 * Text past the limit is cut; `noLeadingSpace` drops spaces typed before the first word (spec part
 * 2 §5's task texts). The form's message (`error`) shows like any field's.
 */
import type { ReactNode, Ref } from 'react';
import { Field } from './field';

export type TextAreaProps = {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  required?: boolean;
  limit: number;
  /** Shown instead of the count once the limit is reached; without it no count shows. */
  limitReached?: string;
  noLeadingSpace?: boolean;
  /** Visible lines (the browser's default, 2, unless given). */
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextArea({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  limit,
  limitReached,
  noLeadingSpace,
  rows,
  ref,
}: TextAreaProps) {
  const left = limit - value.length;
  const countId = limitReached ? `${id}-count` : undefined;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      required={required}
      describedBy={countId}
      below={
        countId ? (
          <p id={countId} className="field__counter" aria-live="polite">
            {left <= 0 ? limitReached : `${left} characters remaining`}
          </p>
        ) : null
      }
    >
      {(control) => (
        <textarea
          {...control}
          ref={ref}
          className="text-area"
          rows={rows}
          value={value}
          maxLength={limit}
          onChange={(event) => {
            const text = noLeadingSpace ? event.target.value.replace(/^\s+/, '') : event.target.value;
            onChange(text.slice(0, limit));
          }}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
