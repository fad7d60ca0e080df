/**
 * The endpoints server/routes/performance-social.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { RangeQuery, SocialSummary } from '../performance';

export const performanceSocialApi = {
  getPerformanceSocialSummary: endpoint('GET /performance/social/summary', {
    querystring: RangeQuery,
    response: SocialSummary,
  }),
};
