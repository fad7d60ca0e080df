/**
 * The Overview's calls besides the task list (spec part 3 §7 "Overview and performance"):
 * GET /account_manager, POST /activities/set_activities (no payload, on Overview load), the upsell
 * carousel's cards (GET /upsells) and POST /fetch_grade (a website grade request).
 * Session context, scoped to the caller's organization.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MessageResponse } from '../../src/api/contracts/activities';
import {
  FetchGradeBody,
  FetchGradeResponse,
  GRADE_MESSAGES,
  UpsellsResponse,
} from '../../src/api/contracts/overview';
import { AccountManagerResponse } from '../../src/api/contracts/tasks';
import { setActivities } from '../domain/activities/activities';
import { accountManagerOf, requestGrade, upsellsOf } from '../domain/overview/overview';
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
  app.get('/upsells', { config: { response: UpsellsResponse } }, async (request) => ({
    upsells: await upsellsOf(db, callerOf(request).organizationId),
  }));
  app.post(
    '/fetch_grade',
    { schema: { body: FetchGradeBody }, config: { response: FetchGradeResponse } },
    async (request, reply) =>
      mutate(db, request, reply, async (tx) => {
        await requestGrade(tx, callerOf(request).userId, request.body.url);
        return { message: GRADE_MESSAGES.thanks };
      }),
  );
};
