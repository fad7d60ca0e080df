/**
 * Serves the report registry (domain/performance/reports.ts): each entry through serve() from its
 * declaration (src/api/contracts/routes/reports.ts), so its method, path, request schema (the query
 * string of a GET, the body of a POST) and response contract are the declaration's, as for every
 * other route. Session context, like every report.
 */
import type { FastifyPluginAsync } from 'fastify';
import { REPORTS } from '../domain/performance/reports';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

export const reportRoutes: FastifyPluginAsync = async (app) => {
  for (const { endpoint, query } of REPORTS) {
    serve(app, endpoint, async (request) =>
      query(app.db, callerOf(request), endpoint.method === 'GET' ? request.query : request.body, request.log),
    );
  }
};
