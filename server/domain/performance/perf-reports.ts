/**
 * The performance reports' entries of the report registry (reports.ts spreads them in): every
 * GET path of spec part 3 §7 "Overview and performance" this portal answers: its declaration
 * (src/api/contracts/routes/reports.ts: path and contracts) and its query (one module per report
 * family: perf-overview, perf-search, perf-social, perf-ppc, perf-executive, perf-programmatic,
 * perf-revconnect). The Social Ad Summary is a route of its own (routes/performance-social.ts)
 * because it publishes a live reach_update.
 */
import { reportsApi } from '../../../src/api/contracts/routes/reports';
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
import { type ReportDefinition, report } from './report-definition';

export const PERFORMANCE_REPORTS: ReportDefinition[] = [
  report(reportsApi.getUserLocations, (db, caller) => userLocations(db, caller)),
  report(reportsApi.getReportsOverview, overviewReport),
  report(reportsApi.getPerformancePpcSummary, ppcSummary),
  report(reportsApi.getPerformancePpcClicksImpressions, ppcClicksImpressions),
  report(reportsApi.getPerformancePpcClickThroughRate, ppcClickThroughRate),
  report(reportsApi.getPerformancePpcLeads, ppcLeads),
  report(reportsApi.getPerformancePpcCplCpc, ppcCplCpc),
  report(reportsApi.getPerformanceLocationsOverview, locationsOverview),
  report(reportsApi.getPerformanceAccountPpcLsaSummary, paidSearchSummary),
  report(reportsApi.getPerformanceAccountPpcLsaSummaryGraph, paidSearchGraph),
  report(reportsApi.getPerformanceAccountPpcLeads, (db, c, i) => lookbackGraph(db, c, i, 'leads')),
  report(reportsApi.getPerformanceAccountPpcLeadRate, (db, c, i) => lookbackGraph(db, c, i, 'lead_rate')),
  report(reportsApi.getPerformanceAccountPpcLeadCost, (db, c, i) => lookbackGraph(db, c, i, 'lead_cost')),
  report(reportsApi.getPerformanceDevicesBreakdownGraph, deviceGraph),
  report(reportsApi.getPerformanceDevicesBreakdown, deviceTable),
  report(reportsApi.getPerformanceLocationsBreakdown, searchLocations),
  report(reportsApi.getPerformanceSocialSummaryGraph, socialGraph),
  report(reportsApi.getPerformanceSocialLocation, socialLocations),
  report(reportsApi.getPerformanceSocialBreakdown, socialAdsBreakdown),
  report(reportsApi.getPerformanceExecutiveSummary, executiveSummary),
  report(reportsApi.getPerformanceExecutiveLeadsGraph, (db, c, i) => executiveGraph(db, c, i, 'leads')),
  report(reportsApi.getPerformanceExecutiveCostGraph, (db, c, i) => executiveGraph(db, c, i, 'cost')),
  report(reportsApi.getPerformanceExecutiveCplGraph, (db, c, i) => executiveGraph(db, c, i, 'cpl')),
  report(reportsApi.getPerformanceExecutiveBreakdown, executiveBreakdown),
  report(reportsApi.getPerformanceProgrammaticOverview, programmaticOverview),
  report(reportsApi.getPerformanceProgrammaticOverviewGraph, (db, c, i) =>
    programmaticGraph(db, c, i, 'clicks'),
  ),
  report(reportsApi.getPerformanceProgrammaticCpmGraph, (db, c, i) => programmaticGraph(db, c, i, 'cpm')),
  report(reportsApi.getPerformanceProgrammaticBreakdown, programmaticBreakdown),
  report(reportsApi.getPerformanceRevconnectMetrics, revconnectMetrics),
  report(reportsApi.getPerformanceRevconnectFunnel, revconnectFunnel),
  report(reportsApi.getPerformanceRevconnectRevSalesGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'rev_sales'),
  ),
  report(reportsApi.getPerformanceRevconnectMarketingGraph, (db, c, i) =>
    revconnectGraph(db, c, i, 'marketing'),
  ),
  report(reportsApi.getPerformanceRevconnectCostPerSale, (db, c, i) =>
    revconnectGraph(db, c, i, 'cost_per_sale'),
  ),
  report(reportsApi.getPerformanceRevconnectLeadToSale, (db, c, i) =>
    revconnectGraph(db, c, i, 'lead_to_sale'),
  ),
  report(reportsApi.getPerformanceRevconnectLocationBreakdown, revconnectLocations),
];
