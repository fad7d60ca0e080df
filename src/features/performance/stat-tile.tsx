/** A statistic with its change from the previous period (spec part 3 §3 Stat, §4 indicators). */
import type { Stat } from '../../api/contracts/performance';
import { changeTone, formatChange, formatValue, type Kind } from './format';

/** 'ppc_total_cpc' -> 'CPC', 'total_impressions' -> 'Impressions': until the answer brings its title. */
const labelOf = (name: string) => {
  const words = name
    .replace(/^ppc_/, '')
    .replace(/^total_/, '')
    .split('_');
  return words.map((w) => (w.length <= 3 ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1))).join(' ');
};

export function StatTile({
  name,
  stat,
  kind = 'count',
  cost = false,
  title,
}: {
  name: string;
  stat: Stat | undefined;
  kind?: Kind;
  cost?: boolean;
  title?: string;
}) {
  const change = stat?.performance_change ?? 0;
  const tone = changeTone(change, cost);
  return (
    <div className="perf-stat">
      <dt className="perf-stat__label">{title ?? stat?.title ?? labelOf(name)}</dt>
      <dd className="perf-stat__value" data-stat={name}>
        {stat ? formatValue(stat.value, kind) : '—'}
      </dd>
      {stat ? (
        <dd className={`perf-stat__change perf-stat__change--${tone}`} data-tone={tone}>
          <span className="visually-hidden">Change from the previous period: </span>
          {formatChange(change)}
        </dd>
      ) : null}
    </div>
  );
}

export function StatStrip({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <dl className="perf-stats" aria-busy={busy || undefined}>
      {children}
    </dl>
  );
}
