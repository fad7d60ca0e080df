/**
 * One entry of the report registry (reports.ts): a read-only report endpoint's declaration
 * (src/api/contracts/routes/reports.ts: method, path, request and response contracts) and the query
 * that answers it. A module of its own so the registry and the families it spreads in
 * (perf-reports.ts) both depend on it, not on each other.
 *
 * - `report()` is the only maker of an entry: it checks that the query takes what the declaration's
 *   request contract (query string or body) gives and answers what its response contract says.
 * - `query` gets the caller's ids only: the tenant scope is the report's own business.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Struct } from 'superstruct';
import type { Contracts, Endpoint, EndpointKey } from '../../../src/api/contracts/declarations';
import type { Db } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';

type Query<I, O> = (db: Db, caller: ReportCaller, input: I, log: FastifyBaseLogger) => Promise<O>;

/** A report's declaration: its input is the query string (GET) or the body (POST). */
type ReportEndpoint<I, O> =
  | Endpoint<EndpointKey, { querystring: Struct<I, unknown>; response: Struct<O, unknown> }>
  | Endpoint<EndpointKey, { body: Struct<I, unknown>; response: Struct<O, unknown> }>;

export type ReportDefinition = {
  /** Every report names its response contract. */
  readonly endpoint: Endpoint<EndpointKey, Contracts & Required<Pick<Contracts, 'response'>>>;
  /**
   * A method, so an entry of any input type fits the registry's one list (method parameters are
   * compared both ways); report() has matched the input to the declaration, and the route's
   * schema, which is that declaration's, has checked and coerced it before the query runs.
   */
  query(db: Db, caller: ReportCaller, input: unknown, log: FastifyBaseLogger): Promise<unknown>;
};

/** The registry's entry for `endpoint`, answered by `query`. */
export function report<I, O>(endpoint: ReportEndpoint<I, O>, query: Query<I, O>): ReportDefinition {
  return { endpoint, query };
}
