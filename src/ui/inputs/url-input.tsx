/**
 * A website field: optional unless `required`, 'Invalid url' when malformed (spec part 1 §5,
 * part 2 §5). Customers type 'example.com', so no scheme is needed and the value is sent as typed,
 * trimmed on blur. type="text" with inputMode="url": the browser's own URL check would demand a
 * scheme.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { messages, required as requiredRule, url } from '../../lib/validation';
import { Field } from './field';
import { useBlurError } from './use-blur-error';

export type UrlInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'required'
> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  requiredMessage?: string;
  /** The form's message; wins over the field's own check (see use-blur-error.ts). */
  error?: string | null;
  hint?: ReactNode;
  /** The label is read by screen readers only (the placeholder asks on screen). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function UrlInput({
  id,
  label,
  value,
  onChange,
  required,
  requiredMessage = messages.required,
  error: external,
  hint,
  hideLabel,
  ref,
  onBlur,
  ...input
}: UrlInputProps) {
  const rules = required ? [requiredRule(requiredMessage), url] : [url];
  const { error, markTouched } = useBlurError(value, rules, external);
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel}>
      {(control) => (
        <input
          placeholder="example.com"
          autoComplete="url"
          {...input}
          {...control}
          ref={ref}
          className="input"
          type="text"
          inputMode="url"
          spellCheck={false}
          autoCapitalize="none"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            const trimmed = value.trim();
            if (trimmed !== value) onChange(trimmed);
            markTouched(event);
            onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}
