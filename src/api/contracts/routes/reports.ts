/**
 * The endpoints the report registry serves (server/domain/performance/reports.ts, registered by
 * server/routes/reports.ts), with their contracts: each report's input is its query string (GET) or
 * its body (POST).
 */

import { endpoint } from '../declarations';
import { LeadsQuery, LeadsResponse } from '../leads';
import {
  DeviceGraph,
  DeviceQuery,
  ExecutiveSummary,
  ExecutiveTableQuery,
  LocationsResponse,
  OverviewResponse,
  PaidSearchSummary,
  PpcClicksImpressions,
  PpcClickThroughRate,
  PpcCplCpc,
  PpcLeads,
  PpcQuery,
  PpcSummary,
  PpcTableQuery,
  ProgrammaticOverview,
  ProgrammaticQuery,
  ProgrammaticTableQuery,
  RangeQuery,
  RevconnectFunnel,
  RevconnectMetrics,
  RevconnectTableQuery,
  SeriesGraph,
  SocialTableQuery,
  TableQuery,
  TableResponse,
  WeekdayGraph,
} from '../performance';
import { NoInput } from '../requests';
import { FilterFieldsResponse } from '../toolbar';

export const reportsApi = {
  postLeads: endpoint('POST /leads', { body: LeadsQuery, response: LeadsResponse }),
  getLeadsFilterFields: endpoint('GET /leads/filter_fields', {
    querystring: NoInput,
    response: FilterFieldsResponse,
  }),
  getUserLocations: endpoint('GET /user_locations', { querystring: RangeQuery, response: LocationsResponse }),
  getReportsOverview: endpoint('GET /reports/overview', {
    querystring: RangeQuery,
    response: OverviewResponse,
  }),
  getPerformancePpcSummary: endpoint('GET /performance/ppc/summary', {
    querystring: PpcQuery,
    response: PpcSummary,
  }),
  getPerformancePpcClicksImpressions: endpoint('GET /performance/ppc/clicks_impressions', {
    querystring: PpcQuery,
    response: PpcClicksImpressions,
  }),
  getPerformancePpcClickThroughRate: endpoint('GET /performance/ppc/click_through_rate', {
    querystring: PpcQuery,
    response: PpcClickThroughRate,
  }),
  getPerformancePpcLeads: endpoint('GET /performance/ppc/leads', {
    querystring: PpcQuery,
    response: PpcLeads,
  }),
  getPerformancePpcCplCpc: endpoint('GET /performance/ppc/cpl_cpc', {
    querystring: PpcQuery,
    response: PpcCplCpc,
  }),
  getPerformanceLocationsOverview: endpoint('GET /performance/locations/overview', {
    querystring: TableQuery,
    response: TableResponse,
  }),
  getPerformanceAccountPpcLsaSummary: endpoint('GET /performance/account/ppc_lsa_summary', {
    querystring: RangeQuery,
    response: PaidSearchSummary,
  }),
  getPerformanceAccountPpcLsaSummaryGraph: endpoint('GET /performance/account/ppc_lsa_summary_graph', {
    querystring: RangeQuery,
    response: WeekdayGraph,
  }),
  getPerformanceAccountPpcLeads: endpoint('GET /performance/account/ppc_leads', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceAccountPpcLeadRate: endpoint('GET /performance/account/ppc_lead_rate', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceAccountPpcLeadCost: endpoint('GET /performance/account/ppc_lead_cost', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceDevicesBreakdownGraph: endpoint('GET /performance/devices/breakdown_graph', {
    querystring: DeviceQuery,
    response: DeviceGraph,
  }),
  getPerformanceDevicesBreakdown: endpoint('GET /performance/devices/breakdown', {
    querystring: DeviceQuery,
    response: TableResponse,
  }),
  getPerformanceLocationsBreakdown: endpoint('GET /performance/locations/breakdown', {
    querystring: PpcTableQuery,
    response: TableResponse,
  }),
  getPerformanceSocialSummaryGraph: endpoint('GET /performance/social/summary_graph', {
    querystring: RangeQuery,
    response: WeekdayGraph,
  }),
  getPerformanceSocialLocation: endpoint('GET /performance/social/location', {
    querystring: SocialTableQuery,
    response: TableResponse,
  }),
  getPerformanceSocialBreakdown: endpoint('GET /performance/social/breakdown', {
    querystring: SocialTableQuery,
    response: TableResponse,
  }),
  getPerformanceExecutiveSummary: endpoint('GET /performance/executive/summary', {
    querystring: RangeQuery,
    response: ExecutiveSummary,
  }),
  getPerformanceExecutiveLeadsGraph: endpoint('GET /performance/executive/leads_graph', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceExecutiveCostGraph: endpoint('GET /performance/executive/cost_graph', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceExecutiveCplGraph: endpoint('GET /performance/executive/cpl_graph', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceExecutiveBreakdown: endpoint('GET /performance/executive/breakdown', {
    querystring: ExecutiveTableQuery,
    response: TableResponse,
  }),
  getPerformanceProgrammaticOverview: endpoint('GET /performance/programmatic/overview', {
    querystring: ProgrammaticQuery,
    response: ProgrammaticOverview,
  }),
  getPerformanceProgrammaticOverviewGraph: endpoint('GET /performance/programmatic/overview_graph', {
    querystring: ProgrammaticQuery,
    response: SeriesGraph,
  }),
  getPerformanceProgrammaticCpmGraph: endpoint('GET /performance/programmatic/cpm_graph', {
    querystring: ProgrammaticQuery,
    response: SeriesGraph,
  }),
  getPerformanceProgrammaticBreakdown: endpoint('GET /performance/programmatic/breakdown', {
    querystring: ProgrammaticTableQuery,
    response: TableResponse,
  }),
  getPerformanceRevconnectMetrics: endpoint('GET /performance/revconnect/metrics', {
    querystring: RangeQuery,
    response: RevconnectMetrics,
  }),
  getPerformanceRevconnectFunnel: endpoint('GET /performance/revconnect/funnel', {
    querystring: RangeQuery,
    response: RevconnectFunnel,
  }),
  getPerformanceRevconnectRevSalesGraph: endpoint('GET /performance/revconnect/rev_sales_graph', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceRevconnectMarketingGraph: endpoint('GET /performance/revconnect/marketing_graph', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceRevconnectCostPerSale: endpoint('GET /performance/revconnect/cost_per_sale', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceRevconnectLeadToSale: endpoint('GET /performance/revconnect/lead_to_sale', {
    querystring: RangeQuery,
    response: SeriesGraph,
  }),
  getPerformanceRevconnectLocationBreakdown: endpoint('GET /performance/revconnect/location_breakdown', {
    querystring: RevconnectTableQuery,
    response: TableResponse,
  }),
};
