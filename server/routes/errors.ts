/**
 * The client's error reports (the spec's monitoring webhook). Public context: open to signed-out
 * clients too, so it is rate-limited per IP; password fields are masked again here, whatever the
 * client did. A report is attributed to a user only when it carries that user's valid session
 * (X-Auth-Token with X-User-Id); a bare X-User-Id proves nothing and is ignored.
 */
import type { FastifyPluginAsync } from 'fastify';
import { errorsApi } from '../../src/api/contracts/routes/errors';
import { saveErrorReport } from '../domain/support/error-reports';
import type { StructTypeProvider } from '../lib/validation';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const errorRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(
    app,
    errorsApi.postErrorReport,
    async (request, reply) => {
      const body = request.body;
      // A signed-out client reports too: no session (or a dead one) is an anonymous report.
      const userId = await app
        .auth(request)
        .then(() => request.caller?.userId ?? null)
        .catch(() => null);
      // Through mutate(): a report retried by a flaky client with its Idempotency-Key is stored once.
      return mutate(
        app.db,
        request,
        reply,
        async (tx) => {
          await saveErrorReport(tx, userId, body);
          request.log.warn(
            { report: body.message, status: body.status, url: body.url },
            'client error report',
          );
          return { message: 'Reported' };
        },
        202,
      );
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
};
