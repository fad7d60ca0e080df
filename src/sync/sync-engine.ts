/**
 * The page's side of the offline core, started once by main.tsx:
 * - the outbox journal (outbox-journal.ts) replayed once per user before the page's first send:
 *   the writes of a page that went away before their transaction committed;
 * - the outbox sender, triggered at start, by every new item, by the `online` event (the browser's,
 *   or the server answering again: connectivity.ts; it lifts backoffs), by any good answer from the
 *   server while writes wait on a backoff (a read, the live stream opening: lifts them too), when
 *   the tab becomes visible (lifts them too), on each item's backoff timer and every 30 s. While
 *   the tab is visible backoffs are capped at 15 s and a write that got no answer is tried again
 *   after a second (outbox-sender.ts `probeMs`): the queue goes within about a second of the
 *   server's return; hidden, the 60 s cap spares the battery. One
 *   sender at a time across tabs (Web Lock 'portal-outbox', outbox-flush.ts; the reads a delivery
 *   changed are fetched again after the lock is released); Background Sync registered while items
 *   wait for a connection, so the service worker can deliver them with no tab open;
 * - the live channel and its toasts;
 * - the privacy rule (db/user-data.ts): when the signed-in user changes, every row of anyone else
 *   is deleted; at start-up the same clean-up waits until the first screen is up (the browser's
 *   first idle moment), so the first reads never queue behind it; after a sign-in, persistent
 *   storage is requested;
 * - a 401/403 on a queued write or on the live channel ends the session (when it was made with
 *   the token still in use), like any call's.
 */

import { any } from 'superstruct';
import { request } from '../api/client';
import { expireSession } from '../api/session-expiry';
import { peekSession, subscribeSession } from '../db/session';
import { purgeOtherUsers } from '../db/user-data';
import { SYNC_TAG } from '../lib/sw-protocol';
import { markNetworkFailure, markNetworkSuccess, markServerAnswered, onServerAnswered } from './connectivity';
import { startLiveAnnouncements } from './live-announcements';
import { startLiveChannel } from './live-channel';
import { isNotificationsPath, refreshNotifications } from './notifications';
import { onEnqueued, resetBackoff } from './outbox';
import { flushUnderLock } from './outbox-flush';
import { replayJournal } from './outbox-journal';
import { MAX_BACKOFF_MS } from './outbox-rows';
import { type FlushResult, PROBE_MS, VISIBLE_MAX_BACKOFF_MS } from './outbox-sender';
import { refreshReads, registerRefresher, setDefaultRefresher } from './read-refresh';
import { requestPersistentStorage } from './storage';
import { showSystemNotification } from './system-notifications';

export const PERIODIC_MS = 30_000;
const LIFT_SPACING_MS = 5000;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/** Asks the browser to wake the service worker when the connection returns (where it can). */
async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
    await registration.sync?.register(SYNC_TAG);
  } catch (error) {
    console.warn('Background Sync not available', error);
  }
}

/** Runs `task` at the browser's first idle moment (the first screen's reads are under way). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 250);
  return () => clearTimeout(timer);
}

/**
 * Deletes the rows of everyone but the signed-in user; one purge at a time, and a purge for a
 * user who is no longer signed in stops at its next batch, giving way to the current user's.
 */
function purger(): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const purge = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        const user = peekSession().user_id;
        await purgeOtherUsers(user, undefined, { current: () => !again && peekSession().user_id === user });
      } while (again);
    })()
      .catch((error: unknown) => console.error('Could not purge other users', error))
      .finally(() => {
        running = null;
      });
  };
  return purge;
}

const endSessionIfCurrent = (sentToken: string | null) => {
  if (sentToken && sentToken === peekSession().token) void expireSession();
};

/**
 * Starts everything; answers stop() (tests). The outbox is sent only once `watched` resolves (the
 * sync layer watches it, main.tsx): a change delivered before the "N changes sent" tracker first
 * looked was never announced. The live channel does not wait.
 */
export function startSync(watched: Promise<void> = Promise.resolve()): () => void {
  const stops: (() => void)[] = [];
  let flushing: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Users whose journal this page has put back into the outbox (outbox-journal.ts). */
  const replayed = new Set<number>();

  /** Once per user and page, before its first send: the writes a page that went away left journaled. */
  async function replayOnce(): Promise<void> {
    const userId = peekSession().user_id;
    if (userId === null || replayed.has(userId)) return;
    replayed.add(userId);
    await replayJournal(userId).catch((error: unknown) =>
      console.warn('Could not replay the outbox journal', error),
    );
  }

  // Writes wait on a backoff (the last flush left a retry time).
  let waiting = false;

  const after = (result: FlushResult) => {
    clearTimeout(timer);
    waiting = result.retryAt !== null;
    if (result.retryAt !== null) timer = setTimeout(flush, Math.max(0, result.retryAt - Date.now()) + 25);
    if (result.offline) {
      markNetworkFailure();
      // Visible, this page probes every second; the worker's sender (60 s backoffs) would only
      // push the queue's head further out. Hidden, the worker takes over (onVisible's counterpart).
      if (document.visibilityState !== 'visible') void registerBackgroundSync();
    } else if (result.delivered > 0) {
      markServerAnswered();
    } else if (result.answered) {
      markNetworkSuccess();
    }
  };

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      await watched;
      await replayOnce();
      do {
        again = false;
        const visible = document.visibilityState === 'visible';
        await flushUnderLock({
          getSession: async () => peekSession(),
          batch: true,
          maxBackoffMs: visible ? VISIBLE_MAX_BACKOFF_MS : MAX_BACKOFF_MS,
          probeMs: visible ? PROBE_MS : null,
          // Once the queue is sent, not after its refreshes: the offline state ends (screens read again).
          onSent: after,
          refresh: (item) => refreshReads(item.user_id, item.refresh ?? []),
          onAuthFailure: (_item, token) => endSessionIfCurrent(token),
        });
      } while (again);
    })()
      .catch((error: unknown) => console.error('Outbox flush failed', error))
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  registerRefresher(isNotificationsPath, (userId) => refreshNotifications(userId));
  setDefaultRefresher(async (_userId, { method, path, body }) => {
    await request(any(), path, {
      method,
      body: body as Record<string, unknown> | undefined,
      toast: false,
      quiet: true,
      cache: 'network-only',
    });
  });

  const liftAndFlush = () => {
    const userId = peekSession().user_id;
    void (userId === null ? Promise.resolve() : resetBackoff(userId)).then(flush);
  };
  const onOnline = liftAndFlush;
  const onVisible = () => {
    if (document.visibilityState === 'visible') liftAndFlush();
    else if (waiting) void registerBackgroundSync();
  };
  // Any good answer while writes wait on a backoff: the server is back, they go now. At most once
  // in LIFT_SPACING_MS: a record the server keeps refusing (503 and Retry-After) is not sent again
  // on every read the screens make.
  let lastLift = 0;
  stops.push(
    onServerAnswered(() => {
      if (!waiting || Date.now() - lastLift < LIFT_SPACING_MS) return;
      waiting = false;
      lastLift = Date.now();
      liftAndFlush();
    }),
  );
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  stops.push(() => window.removeEventListener('online', onOnline));
  stops.push(() => document.removeEventListener('visibilitychange', onVisible));
  stops.push(onEnqueued(() => void flush()));
  const periodic = setInterval(() => void flush(), PERIODIC_MS);
  stops.push(() => clearInterval(periodic));
  stops.push(() => clearTimeout(timer));

  let user = peekSession().user_id;
  let token = peekSession().token;
  if (token) void requestPersistentStorage();
  const purge = purger();
  stops.push(whenIdle(purge));
  stops.push(
    subscribeSession(() => {
      const session = peekSession();
      if (session.user_id !== user) {
        user = session.user_id;
        purge();
      }
      if (session.token !== token) {
        token = session.token;
        if (token) {
          void requestPersistentStorage();
          void flush();
        }
      }
    }),
  );

  stops.push(
    startLiveChannel({
      onMessage: (_userId, _id, payload) => showSystemNotification(payload),
      onReset: (userId) => void refreshNotifications(userId).catch(() => undefined),
      onAuthFailure: endSessionIfCurrent,
    }),
  );
  stops.push(startLiveAnnouncements());
  void flush();
  return () => {
    for (const stop of stops) stop();
  };
}
