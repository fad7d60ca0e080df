/**
 * The endpoints server/routes/exports.ts serves, with their contracts. The CSV exports by export
 * type: /{type}/export, and the performance tables' `<report path>.csv` (PERFORMANCE_EXPORT_PATHS).
 */
import { IdParam } from '../common';
import { type EndpointKey, endpoint } from '../declarations';
import { SignedQuery } from '../requests';
import { ExportFileResponse, IdentifyResponse } from '../shell';
import { ExportBody, ExportResponse } from '../toolbar';

export const exportsApi = {
  getNotificationsExportId: endpoint('GET /notifications/export/:id', {
    params: IdParam,
    response: ExportFileResponse,
  }),
  postOnboardingIdentify: endpoint('POST /onboarding/identify', { response: IdentifyResponse }),
  getExportsIdDownload: endpoint('GET /exports/:id/download', { params: IdParam, querystring: SignedQuery }),
};

const csvExport = <K extends EndpointKey>(key: K) =>
  endpoint(key, { body: ExportBody, response: ExportResponse });

/** Every export's endpoint by its export type (the toolbar's export state, the job's type). */
export const exportEndpoints = {
  leads: csvExport('POST /leads/export'),
  invoices: csvExport('POST /invoices/export'),
  campaigns: csvExport('POST /campaigns/export'),
  'search-locations': csvExport('POST /performance/locations/breakdown.csv'),
  'ppc-locations': csvExport('POST /performance/locations/overview.csv'),
  'device-breakdown': csvExport('POST /performance/devices/breakdown.csv'),
  'social-locations': csvExport('POST /performance/social/location.csv'),
  'social-ads': csvExport('POST /performance/social/breakdown.csv'),
  'programmatic-breakdown': csvExport('POST /performance/programmatic/breakdown.csv'),
  'executive-breakdown': csvExport('POST /performance/executive/breakdown.csv'),
  'revconnect-locations': csvExport('POST /performance/revconnect/location_breakdown.csv'),
};
