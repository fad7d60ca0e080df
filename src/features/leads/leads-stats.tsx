/**
 * The statistics header (spec part 3 §2.7): Total Leads, Calls, Forms, Total Cost, AVG CPL.
 * The labels are always the real ones (the server's titles when it sent them): while loading the
 * values are skeletons over an empty line where the change will be (a tile is as tall loading as
 * loaded), and when there are no figures (an error) they read '—'.
 */
import type { LeadsStatistic } from '../../api/contracts/leads';
import { formatChange, formatCount, formatMoney } from './format';

const ORDER = ['total_leads', 'call_leads', 'form_leads', 'total_cost', 'avg_cpl'] as const;
const LABELS: Record<(typeof ORDER)[number], string> = {
  total_leads: 'Total Leads',
  call_leads: 'Calls',
  form_leads: 'Forms',
  total_cost: 'Total Cost',
  avg_cpl: 'AVG CPL',
};
const MONEY = new Set(['total_cost', 'avg_cpl']);
/** For costs a rise is bad news; for lead counts it is good news (spec part 3 §4). */
const COSTS = MONEY;

type LeadsStatsProps = { statistic: LeadsStatistic | null; compare: boolean; loading?: boolean };

export function LeadsStats({ statistic, compare, loading }: LeadsStatsProps) {
  const waiting = statistic === null && loading;
  return (
    <dl className="leads-stats" aria-busy={waiting || undefined}>
      {ORDER.map((key) => {
        const stat = statistic?.[key];
        const change = stat?.performance_change ?? 0;
        const good = change === 0 ? 'neutral' : change > 0 !== COSTS.has(key) ? 'good' : 'bad';
        return (
          <div key={key} className="leads-stats__item">
            <dt className="leads-stats__label">{stat?.title || LABELS[key]}</dt>
            <dd className="leads-stats__value" data-stat={key}>
              {stat ? (
                MONEY.has(key) ? (
                  formatMoney(stat.value)
                ) : (
                  formatCount(stat.value)
                )
              ) : waiting ? (
                <span className="skeleton-bar skeleton-pulse leads-stats__skeleton">
                  <span className="visually-hidden">Loading</span>
                </span>
              ) : (
                '—'
              )}
            </dd>
            {stat && compare ? (
              <dd className={`leads-stats__change leads-stats__change--${good}`}>
                <span className="visually-hidden">Change from the previous period: </span>
                {formatChange(change)}
              </dd>
            ) : waiting && compare ? (
              // The change's line, kept while the figures load: the tile does not grow when they come.
              <dd className="leads-stats__change" aria-hidden="true">
                {'\u00a0'}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
