/**
 * A US phone number field (spec part 1 §5): the value is digits only, shown as (XXX) XXX-XXXX as it
 * is typed; more than 10 digits clears the field; 'Invalid phone number' unless exactly 10.
 *
 * The caret is put back after the same digit the browser left it after, so editing in the middle
 * of a formatted number does not jump to the end.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import { editPhone, formatPhone } from '../../lib/phone';
import { messages, phone, required as requiredRule } from '../../lib/validation';
import { Field } from './field';
import { useBlurError } from './use-blur-error';

export type PhoneInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'required'
> & {
  id: string;
  label: ReactNode;
  /** Digits only, as sent to the server. */
  value: string;
  onChange: (digits: string) => void;
  required?: boolean;
  requiredMessage?: string;
  /** The form's message; wins over the field's own check (see use-blur-error.ts). */
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function PhoneInput({
  id,
  label,
  value,
  onChange,
  required,
  requiredMessage = messages.required,
  error: external,
  hint,
  ref,
  onBlur,
  ...input
}: PhoneInputProps) {
  const inner = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement, []);
  const rules = required ? [requiredRule(requiredMessage), phone] : [phone];
  const { error, markTouched } = useBlurError(value, rules, external);
  const text = formatPhone(value);

  useLayoutEffect(() => {
    const node = inner.current;
    if (caret.current === null || !node || document.activeElement !== node) return;
    node.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <input
          placeholder="(555) 555-5555"
          {...input}
          {...control}
          ref={inner}
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete={input.autoComplete ?? 'tel-national'}
          value={text}
          onChange={(event) => {
            const target = event.target;
            const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
            const edit = editPhone(
              value,
              target.value,
              target.selectionStart ?? target.value.length,
              inputType,
            );
            if (edit.digits === value) {
              // Nothing changed (a letter typed): no render follows, so restore text and caret here.
              target.value = text;
              target.setSelectionRange(edit.caret, edit.caret);
              return;
            }
            caret.current = edit.caret;
            onChange(edit.digits);
          }}
          onBlur={(event) => {
            markTouched(event);
            onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}
