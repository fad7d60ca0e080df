/**
 * POST /submit_mql_info (spec part 2 §7): a signed-in user's interest in a product, from the
 * overview carousel or the Products page. Session context; stored for the sales team.
 */
import type { FastifyPluginAsync } from 'fastify';
import { marketingApi } from '../../src/api/contracts/routes/marketing';
import { saveMqlRequest } from '../domain/support/interest';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

export const marketingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(app, marketingApi.postSubmitMqlInfo, async (request) => {
    const caller = callerOf(request);
    await saveMqlRequest(app.db, caller, request.body);
    return { success: true as const };
  });
};
