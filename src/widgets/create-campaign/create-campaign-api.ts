/**
 * The create-campaign modal's calls (spec part 2 "Campaign creation"): the accounts a campaign
 * may be created on, an account's services, the counties to choose from, and creating it.
 * Creating needs a connection (requireConnection): it is never queued, and offline the modal
 * says so and keeps what was chosen. It carries its own Idempotency-Key, so a retry after a lost
 * answer never creates two campaigns.
 */
import { request } from '@/api/client';
import { type CreateCampaignBody, CreateCampaignResponse } from '@/api/contracts/campaigns';
import { requireConnection } from '@/sync/connectivity-guard';

/** GET /client/{platform}/accounts (spec part 1 §7, part 2 §7): the caller's accounts on one platform. */
export const accountsPath = (platform: string) => `/client/${platform}/accounts`;
export const servicesPath = (platform: string) => `/${platform}/campaign/services`;
export const LOCATIONS_PATH = '/locations/search';

export function createCampaign(platform: string, body: CreateCampaignBody, key: string) {
  requireConnection();
  return request(CreateCampaignResponse, `/${platform}/campaigns`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
    toast: false,
  });
}
