/**
 * Analytics (spec part 3 §2.9, §7): POST /client/analytics (the agency key) and GET /banners,
 * session context; and the embeddable analytics page for an agency key (GET
 * /embed/analytics/{key}), public like the third-party dashboard it models, drawing that
 * customer's own figures. The page may be framed by the portal only: its CSP allows this origin
 * as frame ancestor and nothing else, and it runs no script.
 */
import type { FastifyPluginAsync } from 'fastify';
import { defaulted, enums, object, refine, string } from 'superstruct';
import { AGENCY_KEY, EMBED_PATH } from '../../src/api/contracts/analytics';
import { analyticsApi } from '../../src/api/contracts/routes/analytics';
import { agencyKey, bannersFor, monthlyFigures, organizationOfKey } from '../domain/analytics/analytics';
import { renderEmbed } from '../domain/analytics/analytics-embed';
import { notFound } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  serve(app, analyticsApi.postClientAnalytics, async (request) => ({
    data: { agency_api_key: await agencyKey(db, callerOf(request).organizationId) },
  }));
  serve(app, analyticsApi.getBanners, async (request) => ({
    banners: await bannersFor(db, callerOf(request).organizationId),
  }));
};

const EmbedParams = object({
  key: refine(string(), 'AgencyKey', (value) => AGENCY_KEY.test(value) || 'Not found'),
});
const EmbedQuery = object({ hide_profile: defaulted(enums(['true', 'false', '1', '0']), 'false') });

const EMBED_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const analyticsEmbedRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db } = app;
  app.get(
    `${EMBED_PATH}/:key`,
    { schema: { params: EmbedParams, querystring: EmbedQuery } },
    async (request, reply) => {
      const org = await organizationOfKey(db, request.params.key);
      if (!org) throw notFound();
      const hide = ['true', '1'].includes(request.query.hide_profile);
      const html = renderEmbed(org.name, await monthlyFigures(db, org.id), hide);
      return reply
        .header('content-security-policy', EMBED_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};
