/**
 * The report registry: every read-only report endpoint is one entry here (report-definition.ts:
 * its path, method, request and response contracts, and the query that answers it), and ONE plugin
 * (routes/reports.ts) turns the entries into routes in the session context. A new report is a new
 * entry, never a new route module; test/server/reports.test.ts checks every entry against its
 * contract, without a session and with bad input.
 *
 * - GET reports read their input from the query string, POST reports from the body; both are
 *   coerced by the request contract (numbers and booleans from a query string included).
 * - `query` gets the caller's ids only: the tenant scope is the report's own business.
 */
import { object } from 'superstruct';
import { LeadsQuery, LeadsResponse } from '../../../src/api/contracts/leads';
import { FilterFieldsResponse } from '../../../src/api/contracts/toolbar';
import { leadFilterFields } from '../leads/leads';
import { leadsReport } from '../leads/leads-report';
import { PERFORMANCE_REPORTS } from './perf-reports';
import type { ReportDefinition } from './report-definition';

export type { ReportDefinition };

const report = <I, O>(definition: ReportDefinition<I, O>) => definition as ReportDefinition<unknown, unknown>;

/** A report without parameters: any query parameter is refused (422), none is expected. */
const NoInput = object({});

export const REPORTS: ReportDefinition<unknown, unknown>[] = [
  /** The leads table with its statistics header (spec part 3 §7 "Leads"). */
  report({
    method: 'POST',
    path: '/leads',
    request: LeadsQuery,
    response: LeadsResponse,
    query: leadsReport,
  }),
  /** The New filter form's fields of the leads table, with the options this customer has. */
  report({
    method: 'GET',
    path: '/leads/filter_fields',
    request: NoInput,
    response: FilterFieldsResponse,
    query: async (db, caller) => ({ fields: await leadFilterFields(db, caller.organizationId) }),
  }),
  /** The performance dashboards' reports (spec part 3 §7 "Overview and performance"). */
  ...PERFORMANCE_REPORTS,
];
