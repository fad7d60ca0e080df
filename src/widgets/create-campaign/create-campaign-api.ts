/**
 * The create-campaign modal's calls (spec part 2 "Campaign creation"): the accounts a campaign
 * may be created on, an account's services, the counties to choose from, and creating it.
 * Creating needs a connection (requireConnection): it is never queued, and offline the modal
 * says so and keeps what was chosen. It carries its own Idempotency-Key, so a retry after a lost
 * answer never creates two campaigns.
 */
import { request } from '@/api/client';
import { type CreateCampaignBody, CreateCampaignResponse } from '@/api/contracts/campaigns';
import { endpointPath } from '@/api/contracts/endpoints';
import { requireConnection } from '@/sync/connectivity-guard';

/** GET /client/{platform}/accounts (spec part 1 §7, part 2 §7): the caller's accounts on one platform. */
export const accountsPath = (platform: string) =>
  endpointPath('GET /client/:platform/accounts', { platform });
export const servicesPath = (platform: string) =>
  endpointPath('GET /:platform/campaign/services', { platform });
export const LOCATIONS_PATH = endpointPath('GET /locations/search');

export function createCampaign(platform: string, body: CreateCampaignBody, key: string) {
  requireConnection();
  return request(CreateCampaignResponse, endpointPath('POST /:platform/campaigns', { platform }), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
    toast: false,
  });
}
