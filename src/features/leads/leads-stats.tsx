/** The statistics header (spec part 3 §2.7): Total Leads, Calls, Forms, Total Cost, AVG CPL. */
import type { LeadsStatistic } from '../../api/contracts/leads';
import { formatChange, formatCount, formatMoney } from './format';

const ORDER = ['total_leads', 'call_leads', 'form_leads', 'total_cost', 'avg_cpl'] as const;
const MONEY = new Set(['total_cost', 'avg_cpl']);
/** For costs a rise is bad news; for lead counts it is good news (spec part 3 §4). */
const COSTS = MONEY;

export function LeadsStats({ statistic, compare }: { statistic: LeadsStatistic | null; compare: boolean }) {
  return (
    <dl className="leads-stats" aria-busy={statistic === null || undefined}>
      {ORDER.map((key) => {
        const stat = statistic?.[key];
        const change = stat?.performance_change ?? 0;
        const good = change === 0 ? 'neutral' : change > 0 !== COSTS.has(key) ? 'good' : 'bad';
        return (
          <div key={key} className="leads-stats__item">
            <dt className="leads-stats__label">{stat?.title ?? key.replace(/_/g, ' ')}</dt>
            <dd className="leads-stats__value" data-stat={key}>
              {stat ? (MONEY.has(key) ? formatMoney(stat.value) : formatCount(stat.value)) : '—'}
            </dd>
            {stat && compare ? (
              <dd className={`leads-stats__change leads-stats__change--${good}`}>
                <span className="visually-hidden">Change from the previous period: </span>
                {formatChange(change)}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
