/**
 * Development helpers for sign-up, registered only when dev tools are on (public context): mints
 * an invitation link (the same as `node --import tsx server/cli/invite.ts`), for browser tests and
 * for the CLI while the embedded database is held by a running server; and lists the open legacy
 * and lead sign-up links with their keys (the mailbox page shows them), which the demo's
 * customers would have received from the legacy platform or their sales representative.
 */
import type { FastifyPluginAsync } from 'fastify';
import { devSignupApi } from '../../src/api/contracts/routes/dev-signup';
import { inviteCustomer } from '../domain/signup/signup-invite';
import { openSignupLinks } from '../domain/signup/signup-links';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { signupSecret } from '../plugins/auth-contexts';
import { serve } from './serve';

export const devSignupRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(
    app,
    devSignupApi.postDevInvite,
    async (request) => {
      const body = request.body;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email.trim()))
        throw unprocessable({ email: ['Invalid email address'] });
      const invitation = await inviteCustomer(app.db, body);
      return {
        token: invitation.token,
        link: invitation.link,
        user_id: invitation.user_id,
        created: invitation.created,
      };
    },
    { atRoot: true },
  );

  serve(
    app,
    devSignupApi.getDevSignupLinks,
    async () => ({
      links: await openSignupLinks(app.db, signupSecret(app.becomeSecret, app.config)),
    }),
    { atRoot: true },
  );
};
