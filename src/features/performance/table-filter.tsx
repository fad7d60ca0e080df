/**
 * A breakdown table's Filter dropdown (spec part 3 §2.4 "some have a Filter dropdown"): one
 * choice from the table's list (its first entry, all, shows every row), a labelled native select
 * so it works by keyboard and at 390 px. The table reloads with the choice and its Export sends it.
 */
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
      <select
        className="input"
        aria-label={`Filter ${table}`}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o === 'all' ? 'All platforms' : o[0].toUpperCase() + o.slice(1)}
          </option>
        ))}
      </select>
    </label>
  );
}
