/**
 * The Overview's calls besides the task list (spec part 3 §7 "Overview and performance"):
 * GET /account_manager, POST /activities/set_activities (no payload, on Overview load), the upsell
 * carousel's cards (GET /upsells) and POST /fetch_grade (a website grade request).
 * Session context, scoped to the caller's organization.
 */
import type { FastifyPluginAsync } from 'fastify';
import { GRADE_MESSAGES } from '../../src/api/contracts/overview';
import { overviewApi } from '../../src/api/contracts/routes/overview';
import { setActivities } from '../domain/activities/activities';
import { accountManagerOf, requestGrade, upsellsOf } from '../domain/overview/overview';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { mutate } from '../plugins/idempotency';
import { serve } from './serve';

export const overviewRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  serve(app, overviewApi.getAccountManager, async (request) => ({
    account_manager: await accountManagerOf(db, callerOf(request).organizationId),
  }));
  serve(app, overviewApi.postActivitiesSetActivities, async (request, reply) =>
    mutate(db, request, reply, async (tx) => {
      const created = await setActivities(tx, callerOf(request).organizationId);
      return { message: created ? `${created} new activities` : 'Activities are up to date' };
    }),
  );
  serve(app, overviewApi.getUpsells, async (request) => ({
    upsells: await upsellsOf(db, callerOf(request).organizationId),
  }));
  serve(app, overviewApi.postFetchGrade, async (request, reply) =>
    mutate(db, request, reply, async (tx) => {
      await requestGrade(tx, callerOf(request).userId, request.body.url);
      return { message: GRADE_MESSAGES.thanks };
    }),
  );
};
