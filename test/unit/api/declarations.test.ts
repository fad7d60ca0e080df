/**
 * Endpoint declarations (src/api/contracts/declarations.ts): a declaration carries its table entry
 * and its contracts, and `pathOf` fills a path's parameters, encoded.
 */
import { object, string } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { endpoint, pathOf } from '../../../src/api/contracts/declarations';
import { ENDPOINTS } from '../../../src/api/contracts/endpoints';
import { accountApi } from '../../../src/api/contracts/routes/account';
import { campaignsApi } from '../../../src/api/contracts/routes/campaigns';

describe('endpoint', () => {
  it('carries the method, path and policy of its table key, the request schema and the response', () => {
    const body = object({ name: string() });
    const response = object({ ok: string() });
    const declared = endpoint('POST /campaigns/:id/providers', { body, response });
    expect(declared).toEqual({
      key: 'POST /campaigns/:id/providers',
      method: 'POST',
      path: '/campaigns/:id/providers',
      policy: ENDPOINTS['POST /campaigns/:id/providers'],
      schema: { body },
      response,
    });
  });
});

describe('pathOf', () => {
  it('fills every parameter of the path', () => {
    expect(pathOf(campaignsApi.getCampaignsIdSchedule, { id: 12 })).toBe('/campaigns/12/schedule');
    expect(pathOf(campaignsApi.postPlatformCampaignsIdSettingsUpdateStatus, { platform: 'bpr', id: 3 })).toBe(
      '/bpr/campaigns/3/settings/update_status',
    );
  });

  it('encodes a parameter and leaves a path without parameters as it is', () => {
    expect(pathOf(accountApi.postClientAccountsRefIdSettings, { ref_id: 'a/b c' })).toBe(
      '/client/accounts/a%2Fb%20c/settings',
    );
    expect(pathOf(campaignsApi.postCampaigns)).toBe('/campaigns');
  });
});
