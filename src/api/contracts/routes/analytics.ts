/**
 * The endpoints server/routes/analytics.ts serves, with their contracts.
 */
import { AnalyticsResponse, BannersResponse } from '../analytics';
import { endpoint } from '../declarations';

export const analyticsApi = {
  postClientAnalytics: endpoint('POST /client/analytics', { response: AnalyticsResponse }),
  getBanners: endpoint('GET /banners', { response: BannersResponse }),
};
