/**
 * SEO (spec part 3 §7 "SEO plan"): GET /seo/report for the Quarterly SEO Plan page and GET /seo/stats for the Overview's SEO widgets. Session
 * context, the caller's organization only.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  SeoReportQuery,
  SeoReportResponse,
  SeoStatsQuery,
  SeoStatsResponse,
} from '../../src/api/contracts/seo';
import { seoReport } from '../domain/overview/seo-report';
import { seoStats } from '../domain/overview/seo-stats';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';

export const seoRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.get(
    '/seo/report',
    { schema: { querystring: SeoReportQuery }, config: { response: SeoReportResponse } },
    async (request) => seoReport(app.db, callerOf(request).organizationId, request.query),
  );
  app.get(
    '/seo/stats',
    { schema: { querystring: SeoStatsQuery }, config: { response: SeoStatsResponse } },
    async (request) => seoStats(app.db, callerOf(request).organizationId, request.query),
  );
};
