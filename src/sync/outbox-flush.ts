/**
 * One flush of the outbox as the page (sync-engine.ts) and the service worker (sw/outbox-sync.ts)
 * run it: under OUTBOX_LOCK, so one sender works at a time across tabs and the worker.
 *
 * The reads a delivered write changed are fetched again only once the lock is released: a slow or
 * stalled read (a loaded server, a connection that drops again) never keeps the other senders from
 * the queue. The call still answers only after those reads are stored (or gave up), so a caller
 * that waits on it (the worker's sync event) sees them done.
 */
import type { OutboxItem } from '../db/app-db';
import { OUTBOX_LOCK } from '../lib/sw-protocol';
import { withLock } from './locks';
import { type FlushResult, flushOutbox, type SenderDeps } from './outbox-sender';

export type LockedFlushDeps = Omit<SenderDeps, 'onDelivered'> & {
  /** Fetches again the reads a delivered write changed; runs after the lock is released. */
  refresh: (item: OutboxItem) => Promise<void>;
};

export async function flushUnderLock({ refresh, ...deps }: LockedFlushDeps): Promise<FlushResult> {
  const delivered: OutboxItem[] = [];
  const result = await withLock(OUTBOX_LOCK, () =>
    flushOutbox({ ...deps, onDelivered: (item) => void delivered.push(item) }),
  );
  await Promise.all(
    delivered.map((item) =>
      refresh(item).catch((error: unknown) =>
        console.warn('Could not refresh after a delivered write', error),
      ),
    ),
  );
  return result;
}
