/**
 * Services page (spec part 3 §2.10): GET /partner_services, the partner software offerings (seed
 * data, the same for every customer). Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PartnerServicesResponse } from '../../src/api/contracts/services';
import { listPartnerOfferings } from '../domain/catalog/partners';

export const partnerServicesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/partner_services', { config: { response: PartnerServicesResponse } }, async () => ({
    services: await listPartnerOfferings(app.db),
  }));
};
