/**
 * The campaign drawer (spec part 3 §2.8, §4): tabs Overview, Locations (only with
 * show_locations_tab) and Schedule (only with show_schedule), read stale-while-revalidate so a
 * campaign opened before opens offline. A locked account (is_locked) shows that it is locked and
 * whom to call (the account manager) above the tabs, and nothing in it can be changed.
 * Its reads follow their stored copies, which a delivered write or a live switch_status refreshes
 * (campaigns-live.ts), so 'Pending' clears here too. The detail has no pause end: the list row the
 * drawer was opened from (stored, so offline too) supplies it.
 */
import './campaign-drawer.css';
import { useId, useState } from 'react';
import {
  CAMPAIGN_MESSAGES,
  type CampaignDetail,
  CampaignDetailResponse,
  type CampaignRow,
} from '../../api/contracts/campaigns';
import { formatPhone } from '../../lib/phone';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { Drawer } from '../../ui/table/drawer';
import { DrawerTabPanel, DrawerTabs } from '../../ui/table/drawer-tabs';
import { CampaignLocations } from './campaign-locations';
import { CampaignOverview } from './campaign-overview';
import { CampaignSchedule } from './campaign-schedule';
import { campaignPath } from './campaigns-live';

type Tab = 'overview' | 'locations' | 'schedule';
const LABELS: Record<Tab, string> = { overview: 'Overview', locations: 'Locations', schedule: 'Schedule' };

export type CampaignDrawerProps = {
  campaignId: number;
  row?: CampaignRow;
  userId: number | null;
  /** The account's time zone (times in the drawer read in it). */
  zone: string | null;
  onClose: () => void;
};

export function CampaignDrawer({ campaignId, row, userId, zone, onClose }: CampaignDrawerProps) {
  const id = useId();
  const read = useCachedRead(CampaignDetailResponse, campaignPath(campaignId));
  const campaign = read.data?.campaign;
  const tabs: Tab[] = [
    'overview',
    ...(campaign?.show_locations_tab ? (['locations'] as const) : []),
    ...(campaign?.show_schedule ? (['schedule'] as const) : []),
  ];
  const [chosen, setChosen] = useState<Tab>('overview');
  const tab = tabs.includes(chosen) ? chosen : 'overview';
  const name = campaign?.name ?? row?.data.find((c) => c.name === 'name')?.value ?? 'Campaign';

  return (
    <Drawer
      label={`Campaign ${name}`}
      onClose={onClose}
      title={name}
      header={
        <DrawerTabs
          id={id}
          label="Campaign sections"
          tabs={tabs}
          labels={LABELS}
          active={tab}
          onChange={setChosen}
        />
      }
    >
      <DrawerTabPanel id={id} active={tab}>
        <OfflineBadge offline={read.offline} asOf={read.asOf} timeZone={zone} />
        {campaign?.is_locked ? <LockedNotice campaign={campaign} /> : null}
        {!campaign ? (
          read.loading ? (
            <p className="campaign-empty">Loading…</p>
          ) : (
            <p className="campaign-empty" role="alert">
              {read.error?.message ?? 'This campaign could not be loaded.'}
            </p>
          )
        ) : tab === 'overview' ? (
          <CampaignOverview
            campaign={campaign}
            userId={userId}
            pausedUntil={row?.status.paused_until ?? null}
            zone={zone}
          />
        ) : tab === 'locations' ? (
          <CampaignLocations campaign={campaign} userId={userId} />
        ) : (
          <CampaignSchedule campaign={campaign} userId={userId} />
        )}
      </DrawerTabPanel>
    </Drawer>
  );
}

function LockedNotice({ campaign }: { campaign: CampaignDetail }) {
  const manager = campaign.account_manager;
  return (
    <div className="campaign-locked" role="status">
      <p className="campaign-locked__title">{CAMPAIGN_MESSAGES.locked}</p>
      {manager ? (
        <p>
          {manager.name}
          {manager.phone_number ? (
            <>
              {' · '}
              <a href={`tel:${manager.phone_number}`}>
                {formatPhone(manager.phone_number.replace(/\D/g, ''))}
              </a>
            </>
          ) : null}
          {' · '}
          <a href={`mailto:${manager.email}`}>{manager.email}</a>
        </p>
      ) : null}
    </div>
  );
}
