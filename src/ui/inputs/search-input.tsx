/**
 * A search box: a type=search input (Escape clears it, phones show a search key) inside its label,
 * which says what is searched. The label is read by screen readers only unless `showLabel`; the
 * placeholder is never the name. `className` styles the label, the box.
 *
 * Enter does what the surrounding form's submit does (the activity search); a box that filters as
 * the user types (with the caller's debounce) needs no form.
 */
import './inputs.css';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export type SearchInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'children'
> & {
  label: ReactNode;
  showLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

export function SearchInput({
  label,
  showLabel,
  value,
  onChange,
  className,
  ref,
  ...input
}: SearchInputProps) {
  return (
    <label
      className={
        [showLabel ? 'search-input--labelled' : '', className ?? ''].filter(Boolean).join(' ') || undefined
      }
    >
      <span className={showLabel ? 'field__label' : 'visually-hidden'}>{label}</span>
      <input
        {...input}
        ref={ref}
        type="search"
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
