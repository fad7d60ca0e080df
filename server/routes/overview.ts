/**
 * The Overview's calls besides the task list (spec part 3 §7 "Overview and performance"):
 * GET /account_manager and POST /activities/set_activities (no payload, on Overview load).
 * Session context, scoped to the caller's organization.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MessageResponse } from '../../src/api/contracts/activities';
import { AccountManagerResponse } from '../../src/api/contracts/tasks';
import { setActivities } from '../domain/activities';
import { accountManagerOf } from '../domain/overview';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';

export const overviewRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  app.get('/account_manager', { config: { response: AccountManagerResponse } }, async (request) => ({
    account_manager: await accountManagerOf(db, callerOf(request).organizationId),
  }));
  app.post('/activities/set_activities', { config: { response: MessageResponse } }, async (request, reply) =>
    mutate(db, request, reply, async (tx) => {
      const created = await setActivities(tx, callerOf(request).organizationId);
      return { message: created ? `${created} new activities` : 'Activities are up to date' };
    }),
  );
};
