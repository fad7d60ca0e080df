/**
 * One HTTP exchange of the outbox and what its answer means for the write (outbox-sender.ts
 * records it; outbox-files.ts runs its steps through the same rules):
 * - 2xx: done. No answer, timeout, 408, 429, 5xx: retry after a backoff (Retry-After honoured).
 * - 401/403: paused until a different token exists. Any other 4xx: failed, with the server's message
 *   (and a 422's field errors, so a form can put them back on its fields).
 * - 409 with a conflict (the write was made from an older version of the record): failed, carrying
 *   the record's version and value now, so the outbox can show both (sync/outbox-conflicts.ts).
 * `sendBatch` sends several such writes in one request (POST /outbox/batch, the contract's rules)
 * and answers each one's outcome by the same rules, or null for one the server did not send.
 * Never throws.
 */
import { is } from 'superstruct';
import { BatchResponse, OUTBOX_BATCH_PATH } from '../api/contracts/batch';
import { ConflictAnswer } from '../api/contracts/versions';
import { decideFailure } from '../api/error-policy';
import type { OutboxItem } from '../db/app-db';
import type { Session } from '../db/session';
import { API_PREFIX } from './response-cache';
import { sessionHeaders } from './session-headers';

const SEND_TIMEOUT_MS = 20_000;

export type Outcome =
  | { kind: 'done'; status: number; data: unknown }
  | { kind: 'retry'; error: string; offline: boolean; retryAfterMs?: number }
  | { kind: 'paused'; error: string; token: string | null }
  | {
      kind: 'failed';
      status: number;
      error: string;
      fieldErrors?: Record<string, string[]> | null;
      conflict?: NonNullable<OutboxItem['conflict']>;
    };

/** What an answer (or its absence) means for a queued write. */
export function classify(status: number | null, data: unknown, retryAfter?: string | null): Outcome {
  if (status === null) return { kind: 'retry', error: 'No connection', offline: true };
  if (status >= 200 && status < 300) return { kind: 'done', status, data };
  if (status === 409 && is(data, ConflictAnswer)) {
    return { kind: 'failed', status, error: data.errors, conflict: data.conflict };
  }
  const failure = decideFailure({ status, data }, { toast: false }).error;
  const message = failure.message;
  if (status === 401 || status === 403) return { kind: 'paused', error: message, token: null };
  if (status >= 500 || status === 429 || status === 408) {
    const seconds = Number(retryAfter);
    return {
      kind: 'retry',
      error: message,
      offline: false,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    };
  }
  return failure.fieldErrors
    ? { kind: 'failed', status, error: message, fieldErrors: failure.fieldErrors }
    : { kind: 'failed', status, error: message };
}

export type RequestDeps = {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Stops the request (a page going away). */
  signal?: AbortSignal;
};

/** The request's abort signal: its timeout, or the page going away. */
export function requestSignal(deps: RequestDeps): { signal: AbortSignal; timeout: AbortSignal } {
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? SEND_TIMEOUT_MS);
  return { timeout, signal: deps.signal ? AbortSignal.any([timeout, deps.signal]) : timeout };
}

/** No answer at all: retried, as offline. */
export const noAnswer = (timeout: AbortSignal): Outcome => ({
  kind: 'retry',
  error: timeout.aborted ? 'Timed out' : 'No connection',
  offline: true,
});

/** An answer's body as JSON, or null (empty or not JSON). */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function requestBody(item: OutboxItem): { body?: BodyInit; contentType?: string } {
  const { body } = item;
  if (body.kind === 'json') return { body: JSON.stringify(body.json), contentType: 'application/json' };
  if (body.kind === 'multipart') {
    const form = new FormData();
    for (const part of body.parts) {
      if ('blob' in part) form.append(part.name, part.blob, part.filename);
      else form.append(part.name, part.value);
    }
    return { body: form };
  }
  return {};
}

/** Sends one item once; never throws. */
export async function sendItem(item: OutboxItem, session: Session, deps: RequestDeps): Promise<Outcome> {
  const doFetch = deps.fetch ?? fetch;
  const { body, contentType } = requestBody(item);
  const headers: Record<string, string> = {
    ...sessionHeaders(session),
    Accept: 'application/json',
    'Idempotency-Key': item.idempotency_key,
  };
  if (contentType) headers['Content-Type'] = contentType;
  const { signal, timeout } = requestSignal(deps);
  let response: Response;
  try {
    response = await doFetch(`${API_PREFIX}${item.url}`, { method: item.method, headers, body, signal });
  } catch {
    return noAnswer(timeout);
  }
  const data = await readJson(response);
  const outcome = classify(response.status, data, response.headers.get('retry-after'));
  if (outcome.kind === 'paused') outcome.token = session.token;
  return outcome;
}

/** A write that can go in a batch: a JSON body (or none), no files to upload first. */
export const batchable = (item: OutboxItem): boolean =>
  item.body.kind !== 'multipart' && !item.uploads?.length;

/**
 * Sends batchable writes in one request; answers each one's outcome in order (null: not sent,
 * the server stopped before it), or 'unsupported' when the server has no batch route (an older
 * server: send them one by one). The batch's own failure (no answer, 5xx, 401) is each item's.
 */
export async function sendBatch(
  items: OutboxItem[],
  session: Session,
  deps: RequestDeps,
): Promise<(Outcome | null)[] | 'unsupported'> {
  const doFetch = deps.fetch ?? fetch;
  const headers: Record<string, string> = {
    ...sessionHeaders(session),
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const body = JSON.stringify({
    items: items.map((item) => ({
      method: item.method,
      path: item.url,
      idempotency_key: item.idempotency_key,
      ...(item.body.kind === 'json' ? { body: item.body.json } : {}),
    })),
  });
  const { signal, timeout } = requestSignal(deps);
  let response: Response;
  try {
    response = await doFetch(`${API_PREFIX}${OUTBOX_BATCH_PATH}`, { method: 'POST', headers, body, signal });
  } catch {
    return items.map(() => noAnswer(timeout));
  }
  if (response.status === 404 || response.status === 405) return 'unsupported';
  const data = await readJson(response);
  const paused = (outcome: Outcome): Outcome =>
    outcome.kind === 'paused' ? { ...outcome, token: session.token } : outcome;
  if (response.status !== 200 || !is(data, BatchResponse) || data.results.length !== items.length) {
    // The batch itself was refused or its answer is not one: each item as if it had answered so.
    const outcome = paused(
      response.status === 200
        ? {
            kind: 'retry',
            error: 'The server answered the batch in a way this app does not know',
            offline: false,
          }
        : classify(response.status, data, response.headers.get('retry-after')),
    );
    return items.map(() => outcome);
  }
  return data.results.map((result) =>
    result.status === null ? null : paused(classify(result.status, result.body, result.retry_after)),
  );
}
