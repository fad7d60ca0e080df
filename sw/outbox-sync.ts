/**
 * Background Sync: the page registers SYNC_TAG (src/lib/sw-protocol.ts) while writes wait for a
 * connection; the browser wakes this worker when it returns, even with no tab open, and the
 * worker delivers the queue with the same sender, under the same Web Lock (OUTBOX_LOCK) as the
 * pages (src/sync/outbox-flush.ts), and fetches again the reads a delivery changed once the lock is
 * released. Headers come from the stored session. A flush that still finds no connection rejects,
 * so the browser tries again later.
 */
/// <reference lib="webworker" />

import type { Session } from '../src/db/session';
import { flushUnderLock } from '../src/sync/outbox-flush';
import { type RefreshTarget, refreshTargets } from '../src/sync/read-refresh';
import { API_PREFIX, bodyText, storeResponse } from '../src/sync/response-cache';
import { readStoredSession, sessionHeaders } from '../src/sync/session-headers';

/** A read fetched again after a delivery gives up after this long (the page refreshes on its next visit). */
const REFETCH_TIMEOUT_MS = 20_000;

/** Fetches one read again and stores the answer (a failure waits for the page's next visit). */
async function refetch(userId: number, session: Session, { method, path, body }: RefreshTarget) {
  const sent = body === undefined ? undefined : bodyText(body);
  try {
    const response = await fetch(`${API_PREFIX}${path}`, {
      method,
      body: sent,
      signal: AbortSignal.timeout(REFETCH_TIMEOUT_MS),
      headers: {
        ...sessionHeaders(session),
        ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    if (response.ok) {
      await storeResponse({
        userId,
        method,
        url: `${API_PREFIX}${path}`,
        body: sent,
        data: await response.json(),
      });
    }
  } catch {
    // The page refreshes on its next visit.
  }
}

/**
 * After a delivered write, the reads it changed are fetched again and stored, `... *` entries as
 * every stored variant (read-refresh.ts), so an open screen follows and a closed one opens fresh.
 */
async function refreshStored(userId: number, entries: readonly string[]): Promise<void> {
  const session = await readStoredSession();
  if (session.user_id !== userId) return;
  for (const entry of new Set(entries)) {
    for (const target of await refreshTargets(userId, entry)) await refetch(userId, session, target);
  }
}

export async function syncOutbox(): Promise<void> {
  const result = await flushUnderLock({
    getSession: readStoredSession,
    batch: true,
    refresh: (item) => refreshStored(item.user_id, item.refresh ?? []),
  });
  if (result.offline || result.retryAt !== null) throw new Error('Outbox still waiting; retry later');
}
