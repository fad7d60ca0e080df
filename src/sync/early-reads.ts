/**
 * A reload asks the network for its screen's reads before the screen is there (issue 26): the
 * requests the screen made by itself on its last visit (screen-reads.ts) go out as soon as the
 * session is read (app/dashboard-routes.tsx `primeDashboardPage`), while the page's chunks load and
 * its first render runs, instead of after its first paint.
 *
 * - The screen's own reads join the early request (`joinEarlyRead`, use-cached-read.ts), in flight
 *   or answered: every read of the same request that mounts meanwhile (the shell and the page both
 *   read the settings), each checking the answer against its own contract. The answer is stored in
 *   the read cache when it arrives (api/client.ts), so the screen shows it even if it mounts later.
 * - Only while the browser says it is online: offline, the stored copies are already read ahead,
 *   and a request would only ask the service worker for them again.
 * - An early request is kept for EARLY_KEEP_MS, then let go (aborted if still in flight): a screen
 *   that no longer asks for it (yesterday's range) costs that one request at most, and a read
 *   mounted after that, or refreshed, asks the network itself. A screen that leaves does not abort
 *   it: its answer is still stored for the next visit.
 */
import { type RawAnswer, requestAnswer } from '../api/client';
import type { Query } from '../api/client-hooks';
import { type SharedRequest, sharedRequest } from './shared-request';
import { primeStoredRead } from './stored-read';

/** How long an early request, or its answer, is there for its screen's reads to join. */
export const EARLY_KEEP_MS = 10_000;

/** A read to send early: as its screen sends it, with its cache key and the signature its read joins by. */
export type EarlyRead = {
  key: string;
  signature: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: Record<string, unknown> | unknown[];
};

const early = new Map<string, SharedRequest<RawAnswer>>();

/**
 * Sends each read (once per signature) unless the browser is offline. Resolves, never rejects,
 * once every answer has been stored and read ahead for its screen's first render (stored-read.ts):
 * app/route-preload.ts lets an answer that comes while the page's chunks load into that render.
 */
export function startEarlyReads(reads: readonly EarlyRead[]): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.onLine) return Promise.resolve();
  const answered: Promise<unknown>[] = [];
  for (const read of reads) {
    if (early.has(read.signature)) continue;
    const shared = sharedRequest(read.signature, (signal) =>
      requestAnswer(read.path, {
        method: read.method,
        query: read.query,
        body: read.body,
        signal,
        toast: false,
      }),
    );
    // The reads that join see a failure; with none, it is nobody's.
    answered.push(shared.promise.then(() => primeStoredRead(read.key)).catch(() => undefined));
    early.set(read.signature, shared);
    setTimeout(() => {
      if (early.get(read.signature) !== shared) return;
      early.delete(read.signature);
      shared.release();
    }, EARLY_KEEP_MS);
  }
  return Promise.all(answered).then(() => undefined);
}

/** The early request of this read, in flight or answered, for as long as it is kept. */
export function joinEarlyRead(signature: string): SharedRequest<RawAnswer> | undefined {
  const shared = early.get(signature);
  // The early holder keeps the request until it is let go: leaving it is nothing to undo.
  return shared && { promise: shared.promise, release: () => undefined };
}
