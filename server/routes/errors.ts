/**
 * The client's error reports (the spec's monitoring webhook). Public context: open to signed-out
 * clients too, so it is rate-limited per IP; password fields are masked again here, whatever the
 * client did.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ErrorReportBody, MessageResponse } from '../../src/api/contracts/session';
import { saveErrorReport } from '../domain/error-reports';
import type { StructTypeProvider } from '../lib/validation';
import { mutate } from '../plugins/idempotency';

/** A header is not validated by the contract: an id outside PostgreSQL's integer is no id. */
const isDbInteger = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

export const errorRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.post(
    '/error_report',
    {
      schema: { body: ErrorReportBody },
      config: { response: MessageResponse, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      const userId = Number(request.headers['x-user-id']);
      // Through mutate(): a report retried by a flaky client with its Idempotency-Key is stored once.
      return mutate(
        app.db,
        request,
        reply,
        async (tx) => {
          await saveErrorReport(tx, isDbInteger(userId) ? userId : null, body);
          request.log.warn(
            { report: body.message, status: body.status, url: body.url },
            'client error report',
          );
          return { message: 'Reported' };
        },
        202,
      );
    },
  );
};
