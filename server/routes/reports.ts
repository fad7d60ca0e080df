/**
 * Turns the report registry (domain/performance/reports.ts) into routes: each entry answers its method and
 * path, with its request contract as the body or query-string schema and its response contract
 * checked in tests. Session context, like every report.
 */
import type { FastifyPluginAsync } from 'fastify';
import { REPORTS } from '../domain/performance/reports';
import { callerOf } from '../plugins/auth';

export const reportRoutes: FastifyPluginAsync = async (app) => {
  for (const entry of REPORTS) {
    app.route({
      method: entry.method,
      url: entry.path,
      schema: entry.method === 'GET' ? { querystring: entry.request } : { body: entry.request },
      config: { response: entry.response },
      handler: async (request) =>
        entry.query(
          app.db,
          callerOf(request),
          request[entry.method === 'GET' ? 'query' : 'body'],
          request.log,
        ),
    });
  }
};
