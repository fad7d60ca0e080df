/**
 * The campaigns screen's writes and request paths. Pausing or activating a campaign or county,
 * targeting a county and saving a schedule all go through the outbox (online too): stored first,
 * sent with an Idempotency-Key, replayed exactly once after a reconnect, and when the server
 * refuses (the account was locked meanwhile) kept as a failed item with the server's message
 * and the values the user chose. Each write is tagged with what it is about, so rows find their
 * own pending or refused writes (use-pending-writes.ts).
 */
import type { LocationStatusBody, ScheduleBody, StatusBody } from '../../api/contracts/campaigns';
import type { OutboxItem } from '../../db/app-db';
import { enqueue } from '../../sync/outbox';

export const CAMPAIGNS_PATH = '/campaigns';
export const campaignPath = (id: number) => `/campaigns/${id}`;
export const providersPath = (id: number) => `/campaigns/${id}/providers`;
export const locationsPath = (id: number) => `/campaigns/${id}/locations`;
export const schedulePath = (id: number) => `/campaigns/${id}/schedule`;
export const LOCATION_SEARCH_PATH = '/locations/search';

const settings = (segment: string, id: number, action: string) =>
  `/${segment}/campaigns/${id}/settings/${action}`;

/** Tag types of the campaign writes: every one is about a campaign (id) or county ('campaign:county'). */
export const TAG = {
  status: 'campaign-status',
  county: 'county-status',
  target: 'county-target',
  schedule: 'campaign-schedule',
} as const;
export const TAG_TYPES: string[] = Object.values(TAG);

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

export function setCampaignStatus(userId: number, campaign: Target, body: StatusBody) {
  return enqueue({
    userId,
    method: 'POST',
    path: settings(campaign.platform, campaign.id, 'update_status'),
    body,
    label: `${body.status === 'paused' ? 'Pause' : 'Activate'} campaign ${campaign.name}`,
    tag: statusTag(campaign.id),
    refresh: [campaignPath(campaign.id)],
  });
}

export function setCountyStatus(
  userId: number,
  campaign: Target,
  county: { id: number; name: string },
  body: LocationStatusBody,
) {
  return enqueue({
    userId,
    method: 'POST',
    path: settings(campaign.platform, campaign.id, 'location_status'),
    body,
    label: `${body.status === 'paused' ? 'Pause' : 'Activate'} county ${county.name}`,
    tag: countyTag(campaign.id, county.id),
    refresh: [locationsPath(campaign.id)],
  });
}

export function targetCounty(
  userId: number,
  campaign: Target,
  county: { id: number; name: string },
  zips: string[],
) {
  return enqueue({
    userId,
    method: 'POST',
    path: settings(campaign.platform, campaign.id, 'locations'),
    body: { locations: zips },
    label: `Target ${county.name}`,
    tag: targetTag(campaign.id, county.id),
    refresh: [locationsPath(campaign.id)],
  });
}

export function saveSchedule(userId: number, campaign: Target, body: ScheduleBody) {
  return enqueue({
    userId,
    method: 'POST',
    path: settings(campaign.product, campaign.id, 'update_schedule'),
    body,
    label: `Save call schedule of ${campaign.name}`,
    tag: scheduleTag(campaign.id),
    refresh: [schedulePath(campaign.id)],
  });
}

/** The JSON body the user chose for a queued or refused write (kept so it is never lost). */
export function bodyOf<T>(item: OutboxItem | undefined): T | null {
  return item?.body.kind === 'json' ? (item.body.json as T) : null;
}
