/**
 * GET /performance/social/summary (spec part 3 §2.5 Social, §4 'miss'): the Social Ad Summary.
 * While the range includes today the reach is still being compiled: the answer says 'miss' and,
 * once compiled, the reach goes to the caller as a live reach_update for that cell
 * ({id, level, start_date, end_date, data: {reach, performance_change}}). Session context.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RangeQuery } from '../../src/api/contracts/performance';
import { performanceSocialApi } from '../../src/api/contracts/routes/performance-social';
import { socialReach, socialSummary } from '../domain/performance/perf-social';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

/** How long compiling a range's reach takes before it is announced. */
export const REACH_COMPILE_MS = 1500;

export const performanceSocialRoutes: FastifyPluginAsync = async (app) => {
  serve(app, performanceSocialApi.getPerformanceSocialSummary, async (request) => {
    const caller = callerOf(request);
    const answer = await socialSummary(app.db, caller, request.query as RangeQuery);
    if (answer.pending) {
      const { scope } = answer;
      const timer = setTimeout(async () => {
        try {
          const reach = await socialReach(app.db, scope);
          await app.live.publish(app.db, caller.userId, {
            message_type: 'reach_update',
            id: scope.organizationId,
            level: 'account',
            start_date: scope.start,
            end_date: scope.end,
            placeholder: 'miss',
            data: { reach: reach.value, performance_change: reach.performance_change },
          });
        } catch (error) {
          request.log.warn({ err: error }, 'reach not announced');
        }
      }, REACH_COMPILE_MS);
      timer.unref();
    }
    return answer.summary;
  });
};
