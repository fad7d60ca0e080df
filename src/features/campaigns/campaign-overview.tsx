/**
 * The drawer's Overview tab: campaign info, results, and the status with its switch (the same
 * switch and rules as the table row's).
 */
import type { CampaignDetail } from '../../api/contracts/campaigns';
import { setCampaignStatus, statusTag } from './campaigns-api';
import { formatMoney } from './format';
import { StatusToggle } from './status-toggle';

const MONEY = new Set(['spend_limit', 'total_cost']);

/** Why the campaign's switch may not be used, or null. */
export function detailBlocked(c: CampaignDetail): string | null {
  if (c.is_locked) return 'The account is locked';
  if (c.campaign_status.disable) return 'This campaign cannot be changed';
  if (!c.trigger_status) return 'The status of this campaign cannot be changed here';
  return null;
}

/** Money in dollars, days as MM/DD/YYYY (spec part 3 §9), the rest as sent. */
function show(name: string, value: string | null): string {
  if (value === null) return '—';
  if (MONEY.has(name)) return formatMoney(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? `${day[2]}/${day[3]}/${day[1]}` : value;
}

type Props = {
  campaign: CampaignDetail;
  userId: number | null;
  /** When the timed pause ends (the list row's), and the account's time zone to say it in. */
  pausedUntil: string | null;
  zone: string | null;
};

export function CampaignOverview({ campaign, userId, pausedUntil, zone }: Props) {
  const groups = [campaign.campaign_info, campaign.campaign_result];
  return (
    <div className="campaign-overview">
      <section className="campaign-section" aria-labelledby="campaign-status-title">
        <h3 id="campaign-status-title" className="campaign-section__title">
          {campaign.campaign_status.label}
        </h3>
        <StatusToggle
          kind="Campaign"
          name={campaign.name}
          status={campaign.campaign_status.value}
          serverPending={campaign.campaign_status.pending}
          blocked={detailBlocked(campaign)}
          tag={statusTag(campaign.id)}
          pausedUntil={pausedUntil}
          zone={zone}
          send={(body) =>
            userId === null
              ? Promise.reject(new Error('Not signed in'))
              : setCampaignStatus(userId, campaign, body, campaign.campaign_status.version)
          }
        />
      </section>
      {groups.map((group) => (
        <section key={group.label} className="campaign-section">
          <h3 className="campaign-section__title">{group.label}</h3>
          <dl className="campaign-facts">
            {group.value.map((item) => (
              <div key={item.name} className="campaign-facts__item">
                <dt>{item.label}</dt>
                <dd>{show(item.name, item.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
