/**
 * Campaigns (spec part 3 §7 "Campaigns"): the list with statistics, a row's providers, one
 * campaign's drawer, its counties (cursor paged, searchable) and their targeting and status, the
 * call schedule, and the campaign status toggles. Session context; every campaign id is looked up
 * within the caller's organization (another customer's id is a 404).
 *
 * - Writes run through mutate(): an outbox replay with the same Idempotency-Key answers the
 *   stored result and never applies twice; a refusal (422) stores nothing.
 * - Write paths carry the account's {platform} (or the campaign's {product}); another is a 404.
 * - Campaign creation reads GET /client/{platform}/accounts (the spec's call); GET
 *   /campaign/accounts (all platforms) stays for clients that still ask it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { object, union } from 'superstruct';
import {
  CAMPAIGN_MESSAGES,
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
} from '../../src/api/contracts/campaigns';
import { IdParam } from '../../src/api/contracts/common';
import { AreaLocationsResponse } from '../../src/api/contracts/service-areas';
import { FilterFieldsResponse } from '../../src/api/contracts/toolbar';
import { platformAccounts } from '../domain/account/accounts';
import { searchAreaLocations } from '../domain/account/service-areas';
import {
  campaignServices,
  creatableAccounts,
  creatableLocations,
  createCampaign,
  findCampaignByRef,
  ownAccount,
} from '../domain/campaigns/campaigns-create';
import {
  assertChangeable,
  campaignDetail,
  checkPathSegment,
  ownCampaign,
} from '../domain/campaigns/campaigns-detail';
import { campaignFilterFields } from '../domain/campaigns/campaigns-filters';
import { listCampaigns, listProviders } from '../domain/campaigns/campaigns-list';
import { pageLocations, targetZipcodes } from '../domain/campaigns/campaigns-locations';
import { loadSchedule, saveSchedule } from '../domain/campaigns/campaigns-schedule';
import { changeCampaignStatus, changeCountyStatus } from '../domain/campaigns/campaigns-status';
import { scopeOf } from '../domain/leads/leads';
import { rememberRecent } from '../domain/leads/leads-saved-filters';
import { now } from '../lib/clock';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

const NoInput = object({});

export const campaignRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  app.post(
    '/campaigns',
    { schema: { body: CampaignsQuery }, config: { response: CampaignsResponse } },
    async (request) => {
      const caller = callerOf(request);
      const query = request.body;
      const result = await listCampaigns(db, await scopeOf(db, caller.organizationId), query);
      if (query.page === 1 && (query.filters?.length || query.query?.trim())) {
        await rememberRecent(db, caller.userId, 'campaigns', query).catch((error) =>
          request.log.warn({ err: error }, 'recent filter not remembered'),
        );
      }
      return result;
    },
  );

  app.get(
    '/campaigns/filter_fields',
    { schema: { querystring: NoInput }, config: { response: FilterFieldsResponse } },
    async (request) => ({ fields: await campaignFilterFields(db, callerOf(request).organizationId) }),
  );

  app.get(
    '/campaigns/:id',
    { schema: { params: IdParam }, config: { response: CampaignDetailResponse } },
    async (request) => {
      const { organizationId } = callerOf(request);
      const own = await ownCampaign(db, organizationId, Number(request.params.id));
      return { campaign: await campaignDetail(db, organizationId, own) };
    },
  );

  app.get(
    '/campaigns/:id/:providerId',
    { schema: { params: ProviderParams }, config: { response: ProviderResponse } },
    async (request, reply) => {
      const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
      const { providers } = await listProviders(db, own.campaign.id, { page: 1, per_page: 999 });
      const provider = providers.find((p) => p.id === Number(request.params.providerId));
      if (!provider) return reply.code(404).send({ errors: 'Provider not found' });
      return { provider };
    },
  );

  app.post(
    '/campaigns/:id/providers',
    { schema: { params: IdParam, body: CampaignsQuery }, config: { response: ProvidersResponse } },
    async (request) => {
      const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
      return listProviders(db, own.campaign.id, request.body);
    },
  );

  app.get(
    '/campaigns/:id/locations',
    { schema: { params: IdParam, querystring: LocationsQuery }, config: { response: LocationsResponse } },
    async (request) => {
      const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
      return pageLocations(db, own.campaign.id, request.query.next);
    },
  );

  app.get(
    '/locations/search',
    {
      schema: { querystring: LocationSearchQuery },
      config: { response: union([LocationsResponse, AreaLocationsResponse]) },
    },
    async (request) => {
      const { query, campaign_ref_id, account_ref_id, service_name, next, selected_only } = request.query;
      const { organizationId } = callerOf(request);
      if (campaign_ref_id) {
        return pageLocations(db, await findCampaignByRef(db, organizationId, campaign_ref_id), next, query);
      }
      // Neither a campaign nor an account: the service area task's search (routes/service-areas.ts).
      if (!account_ref_id && !service_name) {
        const selectedOnly = selected_only === 'true' || selected_only === '1';
        return searchAreaLocations(db, organizationId, { next, query, selectedOnly });
      }
      if (!account_ref_id || !service_name) {
        throw unprocessable({ campaign_ref_id: ['Name a campaign, or an account and a service'] });
      }
      const account = await ownAccount(db, organizationId, account_ref_id);
      return creatableLocations(db, account, service_name, next, query);
    },
  );

  app.get(
    '/campaigns/:id/schedule',
    { schema: { params: IdParam }, config: { response: ScheduleResponse } },
    async (request) => {
      const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
      return loadSchedule(db, own.campaign);
    },
  );

  /** The writes: the campaign locked for the change, the path's platform checked, then the effect. */
  const write = <B, R>(
    suffix: string,
    body: unknown,
    response: unknown,
    effect: (
      tx: typeof db,
      ctx: {
        own: Awaited<ReturnType<typeof ownCampaign>>;
        userId: number;
        body: B;
      },
    ) => Promise<R>,
  ) =>
    app.post(
      `/:platform/campaigns/:id/settings/${suffix}`,
      { schema: { params: SettingsParams, body: body as never }, config: { response: response as never } },
      async (request, reply) => {
        const caller = callerOf(request);
        const params = request.params as { platform: string; id: string };
        return mutate(db, request, reply, async (tx) => {
          const own = await ownCampaign(tx, caller.organizationId, Number(params.id), true);
          checkPathSegment(own, params.platform);
          return effect(tx, { own, userId: caller.userId, body: request.body as B });
        });
      },
    );

  write<StatusChangeBody, StatusResponse>(
    'update_status',
    StatusChangeBody,
    StatusResponse,
    (tx, { own, userId, body }) => changeCampaignStatus(tx, own, userId, body, now()),
  );
  write<LocationStatusChangeBody, unknown>(
    'location_status',
    LocationStatusChangeBody,
    LocationStatusResponse,
    (tx, { own, userId, body }) => changeCountyStatus(tx, own, userId, body, now()),
  );
  write<TargetSaveBody, unknown>('locations', TargetSaveBody, TargetResponse, async (tx, { own, body }) => {
    assertChangeable(own);
    return {
      message: CAMPAIGN_MESSAGES.targeted,
      location: await targetZipcodes(tx, own.campaign.id, body.locations, body.based_on_version),
    };
  });
  write<ScheduleSaveBody, unknown>(
    'update_schedule',
    ScheduleSaveBody,
    ScheduleUpdateResponse,
    async (tx, { own, body }) => {
      assertChangeable(own);
      return {
        message: CAMPAIGN_MESSAGES.scheduleUpdated,
        schedule: await saveSchedule(tx, own.campaign, body),
      };
    },
  );

  // The spec's call (part 1 §7, part 2 §7): the accounts on one platform.
  app.get(
    '/client/:platform/accounts',
    {
      schema: { params: PlatformParam, querystring: NoInput },
      config: { response: CreateAccountsResponse },
    },
    async (request) => ({
      accounts: await platformAccounts(db, callerOf(request).organizationId, request.params.platform),
    }),
  );

  // Every platform's accounts at once: what clients before the spec's call ask (kept for them).
  app.get(
    '/campaign/accounts',
    { schema: { querystring: NoInput }, config: { response: CreateAccountsResponse } },
    async (request) => ({ accounts: await creatableAccounts(db, callerOf(request).organizationId) }),
  );

  app.get(
    '/:platform/campaign/services',
    { schema: { params: PlatformParam, querystring: ServicesQuery }, config: { response: ServicesResponse } },
    async (request) => {
      await ownAccount(
        db,
        callerOf(request).organizationId,
        request.query.account_ref_id,
        request.params.platform,
      );
      return { services: await campaignServices(db) };
    },
  );

  app.post(
    '/:platform/campaigns',
    {
      schema: { params: PlatformParam, body: CreateCampaignBody },
      config: { response: CreateCampaignResponse },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.code(201);
      return mutate(
        db,
        request,
        reply,
        async (tx) => ({
          message: CAMPAIGN_MESSAGES.created,
          campaign: await createCampaign(tx, caller.organizationId, request.params.platform, request.body),
        }),
        201,
      );
    },
  );
};
