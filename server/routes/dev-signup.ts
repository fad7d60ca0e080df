/**
 * Development helper for sign-up, registered only when dev tools are on: mints an invitation link
 * (the same as `node --import tsx server/cli/invite.ts`), for browser tests and for the CLI while
 * the embedded database is held by a running server.
 */
import type { FastifyInstance } from 'fastify';
import { InviteBody } from '../../src/api/contracts/signup';
import { inviteCustomer } from '../domain/signup-invite';
import { parse, unprocessable } from '../lib/errors';
import type { RouteDeps } from './deps';

export async function devSignupRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post('/api/v1/dev/invite', async (request) => {
    const body = parse(InviteBody, request.body);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email.trim()))
      throw unprocessable({ email: ['Invalid email address'] });
    const invitation = await inviteCustomer(db, body);
    return {
      token: invitation.token,
      link: invitation.link,
      user_id: invitation.user_id,
      created: invitation.created,
    };
  });
}
