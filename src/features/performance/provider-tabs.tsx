/** Provider tabs (spec part 3 §4): exactly one active, default all. */
export function ProviderTabs<T extends string>({
  label,
  providers,
  value,
  onChange,
}: {
  label: string;
  providers: readonly T[];
  value: T;
  onChange: (p: T) => void;
}) {
  return (
    <div className="perf-tabs" role="tablist" aria-label={label}>
      {providers.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          className="button button--ghost"
          aria-selected={value === p}
          onClick={() => onChange(p)}
        >
          {p === 'all' ? 'All' : p[0].toUpperCase() + p.slice(1)}
        </button>
      ))}
    </div>
  );
}
