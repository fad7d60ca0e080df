/**
 * The campaigns screen's writes and request paths. Pausing or activating a campaign or county,
 * targeting a county and saving a schedule all go through the outbox (online too): stored first,
 * sent with an Idempotency-Key, replayed exactly once after a reconnect, and when the server
 * refuses (the account was locked meanwhile) kept as a failed item with the server's message
 * and the values the user chose. Each write is tagged with what it is about, so rows find their
 * own pending or refused writes (use-pending-writes.ts).
 * - A campaign's status change, a schedule save, a county's status change and its targeting carry
 *   the version they were made from (the row's status version; the stored schedule's; the county's
 *   status_version or target_version as its row read them), so a change made meanwhile elsewhere
 *   is shown as a conflict in the outbox instead of being overwritten.
 * - Every write names the reads it changes (`refresh`, sync/read-refresh.ts), the campaigns list
 *   among them as every stored variant (campaigns-live.ts `LIST_READS`: the list is a POST read
 *   with the screen's filters); once delivered, they are read again and the screens follow their
 *   stored rows. The paths of the reads a live message changes are campaigns-live.ts's.
 */
import type { LocationStatusBody, StatusBody } from '../../api/contracts/campaigns';
import { pathOf } from '../../api/contracts/declarations';
import { campaignsApi } from '../../api/contracts/routes/campaigns';
import type { OutboxItem } from '../../db/app-db';
import { queueEdit } from '../../sync/outbox-edits';
import { campaignPath, LIST_READS, locationsPath } from './campaigns-live';

export const providersPath = (id: number) => pathOf(campaignsApi.postCampaignsIdProviders, { id });
export const schedulePath = (id: number) => pathOf(campaignsApi.getCampaignsIdSchedule, { id });

/** The campaign settings writes, by the path segment their campaign's platform or product names. */
const SETTINGS = {
  update_status: campaignsApi.postPlatformCampaignsIdSettingsUpdateStatus,
  location_status: campaignsApi.postPlatformCampaignsIdSettingsLocationStatus,
  locations: campaignsApi.postPlatformCampaignsIdSettingsLocations,
  update_schedule: campaignsApi.postPlatformCampaignsIdSettingsUpdateSchedule,
};
const settings = (platform: string, id: number, action: keyof typeof SETTINGS) =>
  pathOf(SETTINGS[action], { platform, id });

/** Tag types of the campaign writes: every one is about a campaign (id) or county ('campaign:county'). */
export const TAG = {
  status: 'campaign-status',
  county: 'county-status',
  target: 'county-target',
  schedule: 'campaign-schedule',
} as const;

export const statusTag = (campaignId: number) => ({ type: TAG.status, id: campaignId });
export const countyTag = (campaignId: number, countyId: number) => ({
  type: TAG.county,
  id: `${campaignId}:${countyId}`,
});
export const targetTag = (campaignId: number, countyId: number) => ({
  type: TAG.target,
  id: `${campaignId}:${countyId}`,
});
export const scheduleTag = (campaignId: number) => ({ type: TAG.schedule, id: campaignId });

type Target = { id: number; name: string; platform: string; product: string };

/** Refused on the device: a status change of the campaign is already waiting to be sent. */
export const STATUS_WAITING = 'A status change of this campaign is still waiting to be sent.';

/**
 * Queues a pause or an activation. `statusVersion`: the status's version as the row or drawer
 * showing the switch read it. Refused (STATUS_WAITING) while another change of the same campaign
 * waits in the outbox, checked in the same transaction as the enqueue (another tab included): the
 * server would refuse the second one anyway ("still pending"), after the user had moved on.
 */
export function setCampaignStatus(
  userId: number,
  campaign: Target,
  body: StatusBody,
  statusVersion?: number,
) {
  return queueEdit(
    {
      userId,
      method: 'POST',
      path: settings(campaign.platform, campaign.id, 'update_status'),
      body,
      label: `${body.status === 'paused' ? 'Pause' : 'Activate'} campaign ${campaign.name}`,
      tag: statusTag(campaign.id),
      refresh: [LIST_READS, campaignPath(campaign.id)],
    },
    { read: statusVersion, refuse: STATUS_WAITING },
  );
}

type County = { id: number; name: string; status_version?: number; target_version?: number };

/** Queues a county's pause or activation, based on the status version its row read. */
export function setCountyStatus(userId: number, campaign: Target, county: County, body: LocationStatusBody) {
  return queueEdit(
    {
      userId,
      method: 'POST',
      path: settings(campaign.platform, campaign.id, 'location_status'),
      body,
      label: `${body.status === 'paused' ? 'Pause' : 'Activate'} county ${county.name}`,
      tag: countyTag(campaign.id, county.id),
      refresh: [LIST_READS, locationsPath(campaign.id)],
    },
    { read: county.status_version },
  );
}

/** Queues targeting a county with these zips, based on the target version its row read. */
export function targetCounty(userId: number, campaign: Target, county: County, zips: string[]) {
  return queueEdit(
    {
      userId,
      method: 'POST',
      path: settings(campaign.platform, campaign.id, 'locations'),
      body: { locations: zips },
      label: `Target ${county.name}`,
      tag: targetTag(campaign.id, county.id),
      refresh: [LIST_READS, locationsPath(campaign.id)],
    },
    { read: county.target_version },
  );
}

/** Where the device keeps the version of a campaign's call schedule (its stored read). */
export const scheduleVersion = (campaignId: number) => ({
  path: schedulePath(campaignId),
  field: ['version'],
});

/** The settings path a schedule is saved to (by the campaign's product). */
export const schedulePostPath = (campaign: Target) =>
  settings(campaign.product, campaign.id, 'update_schedule');

/** The JSON body the user chose for a queued or refused write (kept so it is never lost). */
export function bodyOf<T>(item: OutboxItem | undefined): T | null {
  return item?.body.kind === 'json' ? (item.body.json as T) : null;
}
