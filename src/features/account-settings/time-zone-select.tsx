/** The time zone field: the spec's six codes (part 2 §3) as a native select on the field frame. */
import type { Ref } from 'react';
import { Field } from '../../ui/inputs/field';

type Props = {
  id: string;
  zones: readonly { code: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  ref?: Ref<HTMLSelectElement>;
};

export function TimeZoneSelect({ id, zones, value, onChange, onBlur, error, ref }: Props) {
  return (
    <Field id={id} label="Time Zone" error={error} required>
      {(control) => (
        <select
          {...control}
          ref={ref}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          {zones.map((zone) => (
            <option key={zone.code} value={zone.code}>
              {zone.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
