/**
 * Background Sync: the page registers SYNC_TAG (src/lib/sw-protocol.ts) while writes wait for a
 * connection; the browser wakes this worker when it returns, even with no tab open, and the
 * worker delivers the queue with the same sender, under the same Web Lock (OUTBOX_LOCK) as the
 * pages. Headers come from the stored session. A flush that still finds no connection rejects, so the browser tries again later.
 */
/// <reference lib="webworker" />
import { OUTBOX_LOCK } from '../src/lib/sw-protocol';
import { withLock } from '../src/sync/locks';
import { flushOutbox } from '../src/sync/outbox-sender';
import { refreshTarget } from '../src/sync/read-refresh';
import { API_PREFIX, bodyText, storeResponse } from '../src/sync/response-cache';
import { readStoredSession, sessionHeaders } from '../src/sync/session-headers';

/** After a delivered write, the reads it changed are fetched again and stored. */
async function refreshStored(userId: number, paths: readonly string[]): Promise<void> {
  const session = await readStoredSession();
  if (session.user_id !== userId) return;
  for (const entry of new Set(paths)) {
    const { method, path, body } = refreshTarget(entry);
    const sent = body === undefined ? undefined : bodyText(body);
    try {
      const response = await fetch(`${API_PREFIX}${path}`, {
        method,
        body: sent,
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
}

export async function syncOutbox(): Promise<void> {
  const result = await withLock(OUTBOX_LOCK, () =>
    flushOutbox({
      getSession: readStoredSession,
      batch: true,
      onDelivered: (item) => refreshStored(item.user_id, item.refresh ?? []),
    }),
  );
  if (result.offline || result.retryAt !== null) throw new Error('Outbox still waiting; retry later');
}
