/**
 * The service area task's API (spec part 2 §7): the area's name (GET /activities/service_areas),
 * selecting and unselecting zip codes (POST /activities/service_areas/locations/add and /remove),
 * and naming the area (POST /activities/service_areas/form), which completes the task. Its
 * location search is the service-area mode of GET /locations/search (routes/campaigns.ts).
 * Session context, scoped to the caller's organization; writes through mutate() (idempotent).
 */
import type { FastifyPluginAsync } from 'fastify';
import { MessageResponse } from '../../src/api/contracts/activities';
import {
  AreaLocationsBody,
  ServiceAreaFormBody,
  ServiceAreaResponse,
  ServiceAreaSavedResponse,
} from '../../src/api/contracts/service-areas';
import { loadServiceArea, saveServiceArea, setAreaZips } from '../domain/account/service-areas';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

export const serviceAreaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const org = (request: Parameters<typeof callerOf>[0]) => callerOf(request).organizationId;

  app.get('/activities/service_areas', { config: { response: ServiceAreaResponse } }, async (request) =>
    loadServiceArea(db, org(request)),
  );
  for (const [suffix, selected] of [
    ['add', true],
    ['remove', false],
  ] as const) {
    app.post(
      `/activities/service_areas/locations/${suffix}`,
      { schema: { body: AreaLocationsBody }, config: { response: MessageResponse } },
      async (request, reply) =>
        mutate(db, request, reply, (tx) => setAreaZips(tx, org(request), request.body.locations, selected)),
    );
  }
  app.post(
    '/activities/service_areas/form',
    { schema: { body: ServiceAreaFormBody }, config: { response: ServiceAreaSavedResponse } },
    async (request, reply) =>
      mutate(db, request, reply, (tx) => saveServiceArea(tx, org(request), request.body)),
  );
};
