/**
 * The endpoints server/routes/seo.ts serves, with their contracts.
 */

import { endpoint } from '../declarations';
import { SeoReportQuery, SeoReportResponse, SeoStatsQuery, SeoStatsResponse } from '../seo';

export const seoApi = {
  getSeoReport: endpoint('GET /seo/report', { querystring: SeoReportQuery, response: SeoReportResponse }),
  getSeoStats: endpoint('GET /seo/stats', { querystring: SeoStatsQuery, response: SeoStatsResponse }),
};
