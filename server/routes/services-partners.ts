/**
 * Services page (spec part 3 §2.10): GET /partner_services, the partner software offerings (seed
 * data, the same for every customer). Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import { servicesPartnersApi } from '../../src/api/contracts/routes/services-partners';
import { listPartnerOfferings } from '../domain/catalog/partners';
import { serve } from './serve';

export const partnerServicesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, servicesPartnersApi.getPartnerServices, async () => ({
    services: await listPartnerOfferings(app.db),
  }));
};
