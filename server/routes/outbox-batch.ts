/**
 * POST /api/v1/outbox/batch (contract and rules: src/api/contracts/batch.ts): the outbox's queued
 * writes in one round trip. Session context.
 *
 * Each item runs through the whole app (app.inject), as the request that brought it: the same
 * caller (its session headers), the same auth rules (staff cannot move money), validation, limits
 * and Idempotency-Key handling as when sent alone, so a write means the same whichever way it came.
 * One after another, in order; the first item that must be retried (408, 429, 5xx) or is refused
 * its caller (401, 403) ends the batch, and the rest answer `status: null` (not sent).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BatchResult } from '../../src/api/contracts/batch';
import { outboxBatchApi } from '../../src/api/contracts/routes/outbox-batch';
import type { StructTypeProvider } from '../lib/validation';
import { serve } from './serve';

/** The outer request's headers an item carries: who is calling, nothing about the batch's body. */
const CARRIED = ['x-auth-token', 'x-user-id', 'x-impersonate-id', 'authorization', 'user-agent'];

/** An answer after which nothing more of the batch is sent. */
const ends = (status: number) =>
  status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;

function parse(payload: string): unknown {
  if (!payload) return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

export const outboxBatchRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();

  serve(app, outboxBatchApi.postOutboxBatch, async (request) => {
    const headers: Record<string, string> = {};
    for (const name of CARRIED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const results: BatchResult[] = [];
    let stopped = false;
    for (const item of request.body.items) {
      if (stopped) {
        results.push({ status: null, body: null, retry_after: null, replayed: false });
        continue;
      }
      const answer = await app.inject({
        method: item.method,
        url: `/api/v1${item.path}`,
        headers: {
          ...headers,
          accept: 'application/json',
          'idempotency-key': item.idempotency_key,
          ...(item.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload: item.body === undefined ? undefined : JSON.stringify(item.body),
        remoteAddress: request.ip,
      });
      const retryAfter = answer.headers['retry-after'];
      results.push({
        status: answer.statusCode,
        body: parse(answer.payload),
        retry_after: retryAfter === undefined ? null : String(retryAfter),
        replayed: answer.headers['idempotent-replayed'] === 'true',
      });
      if (ends(answer.statusCode)) stopped = true;
    }
    return { results };
  });
};
