/**
 * A choice of one: a fieldset named by its legend, one native radio per option inside its label,
 * all sharing `name`, so the browser gives the arrow keys (move and choose), Tab into the chosen
 * one and the group's name as native radios do. `onChange` gets the chosen option's value.
 *
 * - Bound with FormField (src/ui/form) by spreading the field: `ref` goes to the first radio, the
 *   one a form focuses when the choice is missing; `error` shows under the options and describes
 *   the group.
 * - A chosen option's label carries `data-selected` (cards styled as chosen).
 * - `children` show between the legend and the options (a loading state); other fieldset
 *   attributes (id, tabIndex, aria-describedby, `fieldsetRef`) go to the fieldset.
 */
import './inputs.css';
import { type FieldsetHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export type RadioOption<T extends string | number> = {
  value: T;
  label: ReactNode;
  /** The radio's id, when something else points at it. */
  id?: string;
};

export type RadioGroupProps<T extends string | number> = Omit<
  FieldsetHTMLAttributes<HTMLFieldSetElement>,
  'onChange' | 'onBlur' | 'children'
> & {
  legend: ReactNode;
  legendId?: string;
  /** The legend is read by screen readers only. */
  hideLegend?: boolean;
  name: string;
  options: readonly RadioOption<T>[];
  /** The chosen value; anything not among the options (null, '') chooses none. */
  value: T | string | null | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string | null;
  /** The class of each option's label. */
  optionClassName?: string;
  ref?: Ref<HTMLInputElement>;
  fieldsetRef?: Ref<HTMLFieldSetElement>;
  children?: ReactNode;
};

export function RadioGroup<T extends string | number>({
  legend,
  legendId,
  hideLegend,
  name,
  options,
  value,
  onChange,
  onBlur,
  error,
  optionClassName,
  ref,
  fieldsetRef,
  children,
  ...fieldset
}: RadioGroupProps<T>) {
  const errorId = `${useId()}-error`;
  const describedBy =
    [error ? errorId : undefined, fieldset['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset {...fieldset} ref={fieldsetRef} aria-describedby={describedBy}>
      <legend id={legendId} className={hideLegend ? 'visually-hidden' : undefined}>
        {legend}
      </legend>
      {children}
      {options.map((option, index) => (
        <label
          key={option.value}
          className={optionClassName}
          data-selected={option.value === value || undefined}
        >
          <input
            ref={index === 0 ? ref : undefined}
            type="radio"
            name={name}
            id={option.id}
            value={option.value}
            checked={option.value === value}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(option.value)}
            onBlur={onBlur}
          />
          {option.label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
