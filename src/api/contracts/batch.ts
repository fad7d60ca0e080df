/**
 * POST /outbox/batch: the outbox's queued writes in one request (issue 25, "the outbox drains
 * fast"). Not a spec call: the portal's own, for delivering what was queued offline.
 *
 * Each item is a write exactly as it would go alone: method, path under /api/v1, its
 * Idempotency-Key and JSON body. The server runs them one after another, in the order given, and
 * answers each one's status and body in the same order. It stops at the first item that must be
 * sent again later (408, 429, 5xx) or whose caller is refused (401, 403): that item answers its
 * status, the rest answer `status: null` (not sent), so a later write never overtakes one that
 * will be retried. An item answered 2xx was applied once; sent again under the same key, it
 * answers its stored answer (replayed), never applied twice.
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  unknown,
} from 'superstruct';
import type { EndpointPath } from './endpoints';

export const OUTBOX_BATCH_PATH = '/outbox/batch' satisfies EndpointPath<'POST'>;
/** Items per batch: a flush sends its writes in batches of at most this many. */
export const BATCH_MAX_ITEMS = 50;

/** Segments of letters, digits, `_ - ~ .` (never `.` or `..` alone), then an optional query. */
const PATH = /^(\/(?!\.{1,2}(\/|\?|$))[\w\-~.]+)+\/?(\?[^#\s]*)?$/;

/** A path under /api/v1, never the batch itself, never another origin. */
const ItemPath = refine(
  size(string(), 2, 500),
  'path',
  (path) => (PATH.test(path) && !path.startsWith(OUTBOX_BATCH_PATH)) || 'Must be a path of this API',
);

export const BatchItem = object({
  method: enums(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: ItemPath,
  idempotency_key: size(string(), 8, 200),
  body: optional(unknown()),
});
export type BatchItem = Infer<typeof BatchItem>;

export const BatchBody = object({ items: size(array(BatchItem), 1, BATCH_MAX_ITEMS) });
export type BatchBody = Infer<typeof BatchBody>;

/**
 * One item's answer: its status (null: not sent) and body, Retry-After when it said one, and
 * whether it was the stored answer of a write already applied under its key (`replayed`).
 */
export const BatchResult = object({
  status: nullable(number()),
  body: unknown(),
  retry_after: nullable(string()),
  replayed: boolean(),
});
export type BatchResult = Infer<typeof BatchResult>;

export const BatchResponse = object({ results: array(BatchResult) });
export type BatchResponse = Infer<typeof BatchResponse>;
