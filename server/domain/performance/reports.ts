/**
 * The report registry: every read-only report endpoint is one entry here (report-definition.ts:
 * its declaration in src/api/contracts/routes/reports.ts, with path, method, request and response
 * contracts, and the query that answers it), and ONE plugin (routes/reports.ts) serves the entries
 * in the session context, through serve() like every route. A new report is a new declaration and
 * a new entry, never a new route module; test/server/reports.test.ts checks every entry against
 * its contract, without a session and with bad input.
 *
 * - GET reports read their input from the query string, POST reports from the body; both are
 *   coerced by the request contract (numbers and booleans from a query string included).
 * - `query` gets the caller's ids only: the tenant scope is the report's own business.
 */
import { reportsApi } from '../../../src/api/contracts/routes/reports';
import { leadFilterFields } from '../leads/leads';
import { leadsReport } from '../leads/leads-report';
import { PERFORMANCE_REPORTS } from './perf-reports';
import { type ReportDefinition, report } from './report-definition';

export type { ReportDefinition };

export const REPORTS: ReportDefinition[] = [
  /** The leads table with its statistics header (spec part 3 §7 "Leads"). */
  report(reportsApi.postLeads, leadsReport),
  /** The New filter form's fields of the leads table, with the options this customer has. */
  report(reportsApi.getLeadsFilterFields, async (db, caller) => ({
    fields: await leadFilterFields(db, caller.organizationId),
  })),
  /** The performance dashboards' reports (spec part 3 §7 "Overview and performance"). */
  ...PERFORMANCE_REPORTS,
];
