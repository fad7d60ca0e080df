/** The time zone field: the spec's six codes (part 2 §3) on the shared select (ui/inputs/select.tsx). */
import type { Ref } from 'react';
import { Select } from '../../ui/inputs/select';

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
    <Select
      id={id}
      label="Time Zone"
      error={error}
      required
      ref={ref}
      value={value}
      options={zones.map((zone) => ({ value: zone.code, label: zone.label }))}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
