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
import type { Struct } from 'superstruct';
import { CAMPAIGN_MESSAGES, type SettingsParams } from '../../src/api/contracts/campaigns';
import type { Contracts, Endpoint, EndpointKey } from '../../src/api/contracts/declarations';
import { campaignsApi } from '../../src/api/contracts/routes/campaigns';
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
import { type RequestBody, serve } from './serve';

/** A campaign settings write: the campaign's path and a body of its own. */
type SettingsContracts<B> = {
  params: typeof SettingsParams;
  body: Struct<B, unknown>;
  response: Contracts['response'];
};

export const campaignRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;

  serve(app, campaignsApi.postCampaigns, async (request) => {
    const caller = callerOf(request);
    const query = request.body;
    const result = await listCampaigns(db, await scopeOf(db, caller.organizationId), query);
    if (query.page === 1 && (query.filters?.length || query.query?.trim())) {
      await rememberRecent(db, caller.userId, 'campaigns', query).catch((error) =>
        request.log.warn({ err: error }, 'recent filter not remembered'),
      );
    }
    return result;
  });

  serve(app, campaignsApi.getCampaignsFilterFields, async (request) => ({
    fields: await campaignFilterFields(db, callerOf(request).organizationId),
  }));

  serve(app, campaignsApi.getCampaignsId, async (request) => {
    const { organizationId } = callerOf(request);
    const own = await ownCampaign(db, organizationId, Number(request.params.id));
    return { campaign: await campaignDetail(db, organizationId, own) };
  });

  serve(app, campaignsApi.getCampaignsIdProviderId, async (request, reply) => {
    const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
    const { providers } = await listProviders(db, own.campaign.id, { page: 1, per_page: 999 });
    const provider = providers.find((p) => p.id === Number(request.params.providerId));
    if (!provider) return reply.code(404).send({ errors: 'Provider not found' });
    return { provider };
  });

  serve(app, campaignsApi.postCampaignsIdProviders, async (request) => {
    const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
    return listProviders(db, own.campaign.id, request.body);
  });

  serve(app, campaignsApi.getCampaignsIdLocations, async (request) => {
    const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
    return pageLocations(db, own.campaign.id, request.query.next);
  });

  serve(app, campaignsApi.getLocationsSearch, async (request) => {
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
  });

  serve(app, campaignsApi.getCampaignsIdSchedule, async (request) => {
    const own = await ownCampaign(db, callerOf(request).organizationId, Number(request.params.id));
    return loadSchedule(db, own.campaign);
  });

  /** The writes: the campaign locked for the change, the path's platform checked, then the effect. */
  const write = <K extends EndpointKey, B>(
    declaration: Endpoint<K, SettingsContracts<B>>,
    effect: (
      tx: typeof db,
      ctx: {
        own: Awaited<ReturnType<typeof ownCampaign>>;
        userId: number;
        body: RequestBody<Omit<SettingsContracts<B>, 'response'>>;
      },
    ) => Promise<unknown>,
  ) =>
    serve(app, declaration, async (request, reply) => {
      const caller = callerOf(request);
      const { platform, id } = request.params;
      return mutate(db, request, reply, async (tx) => {
        const own = await ownCampaign(tx, caller.organizationId, Number(id), true);
        checkPathSegment(own, platform);
        return effect(tx, { own, userId: caller.userId, body: request.body });
      });
    });

  write(campaignsApi.postPlatformCampaignsIdSettingsUpdateStatus, (tx, { own, userId, body }) =>
    changeCampaignStatus(tx, own, userId, body, now()),
  );
  write(campaignsApi.postPlatformCampaignsIdSettingsLocationStatus, (tx, { own, userId, body }) =>
    changeCountyStatus(tx, own, userId, body, now()),
  );
  write(campaignsApi.postPlatformCampaignsIdSettingsLocations, async (tx, { own, body }) => {
    assertChangeable(own);
    return {
      message: CAMPAIGN_MESSAGES.targeted,
      location: await targetZipcodes(tx, own.campaign.id, body.locations, body.based_on_version),
    };
  });
  write(campaignsApi.postPlatformCampaignsIdSettingsUpdateSchedule, async (tx, { own, body }) => {
    assertChangeable(own);
    return {
      message: CAMPAIGN_MESSAGES.scheduleUpdated,
      schedule: await saveSchedule(tx, own.campaign, body),
    };
  });

  // The spec's call (part 1 §7, part 2 §7): the accounts on one platform.
  serve(app, campaignsApi.getClientPlatformAccounts, async (request) => ({
    accounts: await platformAccounts(db, callerOf(request).organizationId, request.params.platform),
  }));

  // Every platform's accounts at once: what clients before the spec's call ask (kept for them).
  serve(app, campaignsApi.getCampaignAccounts, async (request) => ({
    accounts: await creatableAccounts(db, callerOf(request).organizationId),
  }));

  serve(app, campaignsApi.getPlatformCampaignServices, async (request) => {
    await ownAccount(
      db,
      callerOf(request).organizationId,
      request.query.account_ref_id,
      request.params.platform,
    );
    return { services: await campaignServices(db) };
  });

  serve(app, campaignsApi.postPlatformCampaigns, async (request, reply) => {
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
  });
};
