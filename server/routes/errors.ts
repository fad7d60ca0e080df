/**
 * The client's error reports (the spec's monitoring webhook). Open to signed-out clients too, so
 * it is rate-limited per IP; password fields are masked again here, whatever the client did.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorReportBody } from '../../src/api/contracts/session';
import { errorReports } from '../db/schema/identity';
import { parse } from '../lib/errors';
import { mutate } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

const PASSWORD_FIELD =
  /("(?:password|current_password|confirmed_password|confirm_password)"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

export const maskPasswords = (text: string) => text.replace(PASSWORD_FIELD, '$1"********"');

export async function errorRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post(
    '/error_report',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = parse(ErrorReportBody, request.body);
      const userId = Number(request.headers['x-user-id']);
      // Through mutate(): a report retried by a flaky client with its Idempotency-Key is stored once.
      return mutate(
        db,
        request,
        reply,
        async (tx) => {
          await tx.insert(errorReports).values({
            user_id: Number.isInteger(userId) ? userId : null,
            message: body.message.slice(0, 2000),
            status: body.status ?? null,
            url: body.url?.slice(0, 500),
            method: body.method?.slice(0, 10),
            body: body.body ? maskPasswords(body.body).slice(0, 5000) : null,
          });
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
}
