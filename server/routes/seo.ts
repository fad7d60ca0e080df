/**
 * SEO (spec part 3 §7 "SEO plan"): GET /seo/report for the Quarterly SEO Plan page and GET /seo/stats for the Overview's SEO widgets. Session
 * context, the caller's organization only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { seoApi } from '../../src/api/contracts/routes/seo';
import { seoReport } from '../domain/overview/seo-report';
import { seoStats } from '../domain/overview/seo-stats';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

export const seoRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  serve(app, seoApi.getSeoReport, async (request) =>
    seoReport(app.db, callerOf(request).organizationId, request.query),
  );
  serve(app, seoApi.getSeoStats, async (request) =>
    seoStats(app.db, callerOf(request).organizationId, request.query),
  );
};
