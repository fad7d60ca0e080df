/**
 * What is kept on the device once the customer has signed in on it, wherever they go (issue 48):
 * an area names items with keepAfterSignIn(source) (billing: every unpaid invoice and its PDF), and
 * they are prefetched for the signed-in user through prefetch.ts, with its rules and budget.
 *
 * - When: once the app has started keeping (startKeeping, called by the offline core's layer,
 *   ui/sync-layer.tsx, mounted once by main.tsx; registering alone fetches nothing, so a test or
 *   a worker that installs the handlers stays quiet), after each sign-in and whenever the
 *   connection returns; each time in the browser's idle time, at most once per idle moment
 *   however many signals arrive. Nothing starts offline or signed out (prefetch() checks again).
 * - Sources are asked each time, so what they name follows the day (a new page of unpaid invoices);
 *   prefetch.ts skips what is stored and still fresh, so a repeated run costs reads of the device.
 */
import { peekSession, subscribeSession } from '../db/session';
import { isOffline, subscribeConnectivity } from './connectivity';
import { prefetch } from './prefetch';
import type { PrefetchItem } from './prefetch-items';

type Source = () => readonly PrefetchItem[];

const sources = new Set<Source>();
let watching = false;
let started = 0;
let scheduled = false;
let lastUser: number | null = null;
let wasOffline = true;

const whenIdle = (task: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(task, { timeout: 5000 })
    : setTimeout(task, 250);

function keepNow(): void {
  scheduled = false;
  const userId = peekSession().user_id;
  if (started === 0 || userId === null || isOffline() || sources.size === 0) return;
  prefetch(
    userId,
    [...sources].flatMap((source) => source()),
  );
}

function schedule(): void {
  if (scheduled || started === 0) return;
  scheduled = true;
  whenIdle(keepNow);
}

function watch(): void {
  if (watching) return;
  watching = true;
  lastUser = peekSession().user_id;
  wasOffline = isOffline();
  subscribeSession(() => {
    const userId = peekSession().user_id;
    if (userId === lastUser) return;
    lastUser = userId;
    if (userId !== null) schedule();
  });
  // Only the change back online counts: every answered request also reports connectivity.
  subscribeConnectivity(() => {
    const offline = isOffline();
    if (wasOffline && !offline) schedule();
    wasOffline = offline;
  });
}

/** Keeps what `source` names on the device for whoever is signed in (see the header). */
export function keepAfterSignIn(source: Source): () => void {
  sources.add(source);
  schedule();
  return () => {
    sources.delete(source);
  };
}

/** Starts keeping what the sources name (see the header); answers the stop. */
export function startKeeping(): () => void {
  started += 1;
  watch();
  schedule();
  return () => {
    started -= 1;
  };
}
