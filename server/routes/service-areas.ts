/**
 * The service area task's API (spec part 2 §7): the area's name (GET /activities/service_areas),
 * selecting and unselecting zip codes (POST /activities/service_areas/locations/add and /remove),
 * and naming the area (POST /activities/service_areas/form), which completes the task. Its
 * location search is the service-area mode of GET /locations/search (routes/campaigns.ts).
 * Session context, scoped to the caller's organization; writes through mutate() (idempotent).
 */
import type { FastifyPluginAsync } from 'fastify';
import { serviceAreasApi } from '../../src/api/contracts/routes/service-areas';
import { loadServiceArea, saveServiceArea, setAreaZips } from '../domain/account/service-areas';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const serviceAreaRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  const org = (request: Parameters<typeof callerOf>[0]) => callerOf(request).organizationId;

  serve(app, serviceAreasApi.getActivitiesServiceAreas, async (request) => loadServiceArea(db, org(request)));
  for (const [declaration, selected] of [
    [serviceAreasApi.postActivitiesServiceAreasLocationsAdd, true],
    [serviceAreasApi.postActivitiesServiceAreasLocationsRemove, false],
  ] as const) {
    serve(app, declaration, async (request, reply) =>
      mutate(db, request, reply, (tx) => setAreaZips(tx, org(request), request.body.locations, selected)),
    );
  }
  serve(app, serviceAreasApi.postActivitiesServiceAreasForm, async (request, reply) =>
    mutate(db, request, reply, (tx) => saveServiceArea(tx, org(request), request.body)),
  );
};
