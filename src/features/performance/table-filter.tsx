/**
 * A breakdown table's Filter dropdown (spec part 3 §2.4 "some have a Filter dropdown"): one
 * choice from the table's list (its first entry, all, shows every row), a labelled native select
 * so it works by keyboard and at 390 px. The table reloads with the choice and its Export sends it.
 */
import { Select } from '../../ui/inputs/select';

export function TableFilter<T extends string>({
  table,
  options,
  value,
  onChange,
}: {
  table: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <label className="perf-filter">
      <span>Filter</span>
      <Select
        aria-label={`Filter ${table}`}
        value={value}
        options={options.map((o) => ({
          value: o,
          label: o === 'all' ? 'All platforms' : o[0].toUpperCase() + o.slice(1),
        }))}
        onChange={(chosen) => onChange(chosen as T)}
      />
    </label>
  );
}
