/** The statistics header of the campaigns page: campaigns, active, paused, total leads, total cost. */
import type { CampaignsStatistic } from '../../api/contracts/campaigns';
import { formatCount, formatMoney } from './format';

const ORDER = [
  'total_campaigns',
  'active_campaigns',
  'paused_campaigns',
  'total_leads',
  'total_cost',
] as const;

export function CampaignsStats({ statistic }: { statistic: CampaignsStatistic | null }) {
  return (
    <dl className="campaigns-stats" aria-busy={statistic === null || undefined}>
      {ORDER.map((key) => {
        const stat = statistic?.[key];
        return (
          <div key={key} className="campaigns-stats__item">
            <dt className="campaigns-stats__label">{stat?.title ?? key.replace(/_/g, ' ')}</dt>
            <dd className="campaigns-stats__value" data-stat={key}>
              {stat ? (key === 'total_cost' ? formatMoney(stat.value) : formatCount(stat.value)) : '—'}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
