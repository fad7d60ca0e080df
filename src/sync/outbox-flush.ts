/**
 * One flush of the outbox as the page (sync-engine.ts) and the service worker (sw/outbox-sync.ts)
 * run it: under OUTBOX_LOCK, so one sender works at a time across tabs and the worker.
 *
 * The reads a delivered write changed are fetched again only once the lock is released: a slow or
 * stalled read (a loaded server, a connection that drops again) never keeps the other senders from
 * the queue. The call still answers only after those reads are stored (or gave up), so a caller
 * that waits on it (the worker's sync event) sees them done. `onSent` hears the flush's result as
 * soon as the queue is sent, before those reads: the page's screens read again after the queue,
 * never in competition with it (a server just back answers slowly).
 */
import type { OutboxItem } from '../db/app-db';
import { OUTBOX_LOCK } from '../lib/sw-protocol';
import { withLock } from './locks';
import { type FlushResult, flushOutbox, type SenderDeps } from './outbox-sender';

export type LockedFlushDeps = Omit<SenderDeps, 'onDelivered'> & {
  /** Fetches again the reads a delivered write changed; runs after the lock is released. */
  refresh: (item: OutboxItem) => Promise<void>;
  /** The queue is sent (before the refreshes): the flush's result. */
  onSent?: (result: FlushResult) => void;
};

export async function flushUnderLock({ refresh, onSent, ...deps }: LockedFlushDeps): Promise<FlushResult> {
  const delivered: OutboxItem[] = [];
  const result = await withLock(OUTBOX_LOCK, () =>
    flushOutbox({ ...deps, onDelivered: (item) => void delivered.push(item) }),
  );
  onSent?.(result);
  await Promise.all(
    delivered.map((item) =>
      refresh(item).catch((error: unknown) =>
        console.warn('Could not refresh after a delivered write', error),
      ),
    ),
  );
  return result;
}
