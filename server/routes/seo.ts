/**
 * SEO (spec part 3 §7 "SEO plan"): GET /seo/report for the Quarterly SEO Plan page. Session
 * context, the caller's organization only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SeoReportQuery, SeoReportResponse } from '../../src/api/contracts/seo';
import { seoReport } from '../domain/seo-report';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';

export const seoRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.get(
    '/seo/report',
    { schema: { querystring: SeoReportQuery }, config: { response: SeoReportResponse } },
    async (request) => seoReport(app.db, callerOf(request).organizationId, request.query),
  );
};
