/**
 * One checkbox: a native input inside its label (`className` styles the label), so a click on the
 * text toggles it and the text is its accessible name. `onChange` gets the new checked state.
 *
 * - A checkbox named by text that holds links (the signup terms) takes no `label` but
 *   `aria-labelledby`: the bare input is rendered (`className` is then the input's), and the
 *   caller places the text.
 * - `description` (shown after the label, not in it) is read after the name (aria-describedby).
 * - `indeterminate` shows a mixed state (a county with some of its zip codes chosen), which only
 *   the DOM property can set.
 * - Other input attributes (disabled, onBlur, a react-hook-form ref) go to the input.
 */
import './inputs.css';
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
} from 'react';

type Named = { label: ReactNode; 'aria-labelledby'?: never } | { label?: never; 'aria-labelledby': string };

export type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'checked' | 'onChange' | 'children' | 'aria-labelledby'
> &
  Named & {
    checked: boolean;
    onChange: (checked: boolean) => void;
    description?: ReactNode;
    indeterminate?: boolean;
    ref?: Ref<HTMLInputElement>;
  };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function Checkbox({
  label,
  checked,
  onChange,
  description,
  indeterminate,
  className,
  ref,
  ...input
}: CheckboxProps) {
  const descriptionId = `${useId()}-description`;
  const boxRef = useCallback(
    (box: HTMLInputElement | null) => {
      if (box) box.indeterminate = indeterminate ?? false;
      assignRef(ref, box);
    },
    [indeterminate, ref],
  );
  const attributes = {
    ...input,
    ref: boxRef,
    type: 'checkbox',
    checked,
    'aria-describedby': description ? descriptionId : input['aria-describedby'],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked),
  };
  if (label === undefined) return <input {...attributes} className={className} />;
  // The description sits after the label, not in it: the label's text is the name.
  return (
    <>
      <label className={className}>
        <input {...attributes} />
        {label}
      </label>
      {description ? (
        <span id={descriptionId} className="checkbox__description">
          {description}
        </span>
      ) : null}
    </>
  );
}
