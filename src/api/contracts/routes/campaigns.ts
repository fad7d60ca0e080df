/**
 * The endpoints server/routes/campaigns.ts serves, with their contracts.
 */

import { union } from 'superstruct';
import {
  CampaignDetailResponse,
  CampaignsQuery,
  CampaignsResponse,
  CreateAccountsResponse,
  CreateCampaignBody,
  CreateCampaignResponse,
  LocationSearchQuery,
  LocationStatusChangeBody,
  LocationStatusResponse,
  LocationsQuery,
  LocationsResponse,
  PlatformParam,
  ProviderParams,
  ProviderResponse,
  ProvidersResponse,
  ScheduleResponse,
  ScheduleSaveBody,
  ScheduleUpdateResponse,
  ServicesQuery,
  ServicesResponse,
  SettingsParams,
  StatusChangeBody,
  StatusResponse,
  TargetResponse,
  TargetSaveBody,
} from '../campaigns';
import { IdParam } from '../common';
import { endpoint } from '../declarations';
import { NoInput } from '../requests';
import { AreaLocationsResponse } from '../service-areas';
import { FilterFieldsResponse } from '../toolbar';

export const campaignsApi = {
  postCampaigns: endpoint('POST /campaigns', { body: CampaignsQuery, response: CampaignsResponse }),
  getCampaignsFilterFields: endpoint('GET /campaigns/filter_fields', {
    querystring: NoInput,
    response: FilterFieldsResponse,
  }),
  getCampaignsId: endpoint('GET /campaigns/:id', { params: IdParam, response: CampaignDetailResponse }),
  getCampaignsIdProviderId: endpoint('GET /campaigns/:id/:providerId', {
    params: ProviderParams,
    response: ProviderResponse,
  }),
  postCampaignsIdProviders: endpoint('POST /campaigns/:id/providers', {
    params: IdParam,
    body: CampaignsQuery,
    response: ProvidersResponse,
  }),
  getCampaignsIdLocations: endpoint('GET /campaigns/:id/locations', {
    params: IdParam,
    querystring: LocationsQuery,
    response: LocationsResponse,
  }),
  getLocationsSearch: endpoint('GET /locations/search', {
    querystring: LocationSearchQuery,
    response: union([LocationsResponse, AreaLocationsResponse]),
  }),
  getCampaignsIdSchedule: endpoint('GET /campaigns/:id/schedule', {
    params: IdParam,
    response: ScheduleResponse,
  }),
  getClientPlatformAccounts: endpoint('GET /client/:platform/accounts', {
    params: PlatformParam,
    querystring: NoInput,
    response: CreateAccountsResponse,
  }),
  getCampaignAccounts: endpoint('GET /campaign/accounts', {
    querystring: NoInput,
    response: CreateAccountsResponse,
  }),
  getPlatformCampaignServices: endpoint('GET /:platform/campaign/services', {
    params: PlatformParam,
    querystring: ServicesQuery,
    response: ServicesResponse,
  }),
  postPlatformCampaignsIdSettingsUpdateStatus: endpoint(
    'POST /:platform/campaigns/:id/settings/update_status',
    { params: SettingsParams, body: StatusChangeBody, response: StatusResponse },
  ),
  postPlatformCampaignsIdSettingsLocationStatus: endpoint(
    'POST /:platform/campaigns/:id/settings/location_status',
    { params: SettingsParams, body: LocationStatusChangeBody, response: LocationStatusResponse },
  ),
  postPlatformCampaignsIdSettingsLocations: endpoint('POST /:platform/campaigns/:id/settings/locations', {
    params: SettingsParams,
    body: TargetSaveBody,
    response: TargetResponse,
  }),
  postPlatformCampaignsIdSettingsUpdateSchedule: endpoint(
    'POST /:platform/campaigns/:id/settings/update_schedule',
    { params: SettingsParams, body: ScheduleSaveBody, response: ScheduleUpdateResponse },
  ),
  postPlatformCampaigns: endpoint('POST /:platform/campaigns', {
    params: PlatformParam,
    body: CreateCampaignBody,
    response: CreateCampaignResponse,
  }),
};
