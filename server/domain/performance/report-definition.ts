/**
 * One entry of the report registry (reports.ts): a read-only report endpoint's path, method,
 * request and response contracts, and the query that answers it. A module of its own so the
 * registry and the families it spreads in (perf-reports.ts) both depend on it, not on each other.
 *
 * - `query` gets the caller's ids only: the tenant scope is the report's own business.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Struct } from 'superstruct';
import type { Db } from '../../db/client';
import type { ReportCaller } from '../leads/leads-report';

export type ReportDefinition<I, O> = {
  method: 'GET' | 'POST';
  /** Under /api/v1. */
  path: string;
  request: Struct<I, unknown>;
  response: Struct<O, unknown>;
  query: (db: Db, caller: ReportCaller, input: I, log: FastifyBaseLogger) => Promise<O>;
};
