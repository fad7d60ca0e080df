/**
 * The performance reports' entries of the report registry (reports.ts spreads them in): every
 * GET path of spec part 3 §7 "Overview and performance" this portal answers, its contracts and
 * its query (one module per report family: perf-overview, perf-search, perf-social,
 * perf-ppc, perf-executive, perf-programmatic, perf-revconnect). The Social Ad Summary is a route of its own
 * (routes/performance-social.ts) because it publishes a live reach_update.
 */
import type { Struct } from 'superstruct';
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
} from '../../../src/api/contracts/performance';
import type { Db } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';
import { executiveBreakdown, executiveGraph, executiveSummary } from './perf-executive';
import { lookbackGraph } from './perf-lookback';
import { overviewReport, userLocations } from './perf-overview';
import {
  locationsOverview,
  ppcClicksImpressions,
  ppcClickThroughRate,
  ppcCplCpc,
  ppcLeads,
} from './perf-ppc';
import { programmaticBreakdown, programmaticGraph, programmaticOverview } from './perf-programmatic';
import { revconnectFunnel, revconnectGraph, revconnectLocations, revconnectMetrics } from './perf-revconnect';
import {
  deviceGraph,
  deviceTable,
  paidSearchGraph,
  paidSearchSummary,
  ppcSummary,
  searchLocations,
} from './perf-search';
import { socialAdsBreakdown, socialGraph, socialLocations } from './perf-social';
import type { ReportDefinition } from './report-definition';

const get = <I, O>(
  path: string,
  request: Struct<I, unknown>,
  response: Struct<O, unknown>,
  query: (db: Db, caller: ReportCaller, input: I) => Promise<O>,
) => ({ method: 'GET', path, request, response, query }) as unknown as ReportDefinition<unknown, unknown>;

export const PERFORMANCE_REPORTS: ReportDefinition<unknown, unknown>[] = [
  get('/user_locations', RangeQuery, LocationsResponse, (db, caller) => userLocations(db, caller)),
  get('/reports/overview', RangeQuery, OverviewResponse, overviewReport),
  get('/performance/ppc/summary', PpcQuery, PpcSummary, ppcSummary),
  get('/performance/ppc/clicks_impressions', PpcQuery, PpcClicksImpressions, ppcClicksImpressions),
  get('/performance/ppc/click_through_rate', PpcQuery, PpcClickThroughRate, ppcClickThroughRate),
  get('/performance/ppc/leads', PpcQuery, PpcLeads, ppcLeads),
  get('/performance/ppc/cpl_cpc', PpcQuery, PpcCplCpc, ppcCplCpc),
  get('/performance/locations/overview', TableQuery, TableResponse, locationsOverview),
  get('/performance/account/ppc_lsa_summary', RangeQuery, PaidSearchSummary, paidSearchSummary),
  get('/performance/account/ppc_lsa_summary_graph', RangeQuery, WeekdayGraph, paidSearchGraph),
  get('/performance/account/ppc_leads', RangeQuery, SeriesGraph, (db, c, i) =>
    lookbackGraph(db, c, i, 'leads'),
  ),
  get('/performance/account/ppc_lead_rate', RangeQuery, SeriesGraph, (db, c, i) =>
    lookbackGraph(db, c, i, 'lead_rate'),
  ),
  get('/performance/account/ppc_lead_cost', RangeQuery, SeriesGraph, (db, c, i) =>
    lookbackGraph(db, c, i, 'lead_cost'),
  ),
  get('/performance/devices/breakdown_graph', DeviceQuery, DeviceGraph, deviceGraph),
  get('/performance/devices/breakdown', DeviceQuery, TableResponse, deviceTable),
  get('/performance/locations/breakdown', PpcTableQuery, TableResponse, searchLocations),
  get('/performance/social/summary_graph', RangeQuery, WeekdayGraph, socialGraph),
  get('/performance/social/location', SocialTableQuery, TableResponse, socialLocations),
  get('/performance/social/breakdown', SocialTableQuery, TableResponse, socialAdsBreakdown),
  get('/performance/executive/summary', RangeQuery, ExecutiveSummary, executiveSummary),
  get('/performance/executive/leads_graph', RangeQuery, SeriesGraph, (db, c, i) =>
    executiveGraph(db, c, i, 'leads'),
  ),
  get('/performance/executive/cost_graph', RangeQuery, SeriesGraph, (db, c, i) =>
    executiveGraph(db, c, i, 'cost'),
  ),
  get('/performance/executive/cpl_graph', RangeQuery, SeriesGraph, (db, c, i) =>
    executiveGraph(db, c, i, 'cpl'),
  ),
  get('/performance/executive/breakdown', ExecutiveTableQuery, TableResponse, executiveBreakdown),
  get('/performance/programmatic/overview', ProgrammaticQuery, ProgrammaticOverview, programmaticOverview),
  get('/performance/programmatic/overview_graph', ProgrammaticQuery, SeriesGraph, (db, c, i) =>
    programmaticGraph(db, c, i, 'clicks'),
  ),
  get('/performance/programmatic/cpm_graph', ProgrammaticQuery, SeriesGraph, (db, c, i) =>
    programmaticGraph(db, c, i, 'cpm'),
  ),
  get('/performance/programmatic/breakdown', ProgrammaticTableQuery, TableResponse, programmaticBreakdown),
  get('/performance/revconnect/metrics', RangeQuery, RevconnectMetrics, revconnectMetrics),
  get('/performance/revconnect/funnel', RangeQuery, RevconnectFunnel, revconnectFunnel),
  get('/performance/revconnect/rev_sales_graph', RangeQuery, SeriesGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'rev_sales'),
  ),
  get('/performance/revconnect/marketing_graph', RangeQuery, SeriesGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'marketing'),
  ),
  get('/performance/revconnect/cost_per_sale', RangeQuery, SeriesGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'cost_per_sale'),
  ),
  get('/performance/revconnect/lead_to_sale', RangeQuery, SeriesGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'lead_to_sale'),
  ),
  get('/performance/revconnect/location_breakdown', RevconnectTableQuery, TableResponse, revconnectLocations),
];
