/**
 * The one meaning of "offline" in the app: the browser says it is offline, OR the last request
 * got no answer at all (offline, DNS, timeout) and no request has been answered since. Every
 * screen, guard and sender asks `isOffline()` / `useOffline()`; nothing else reads
 * `navigator.onLine` (a flag that stays true on a captive portal or a dead Wi-Fi).
 *
 * - Requests correct the browser's flag both ways: no answer means offline even when the flag says
 *   online (`markNetworkFailure`, from the api client, sender and live channel); any real answer,
 *   whatever its status, means online again (`markNetworkSuccess`).
 * - The browser's `online` event clears the failure optimistically: the next request proves it
 *   either way. A request its caller aborted says nothing and must not be marked.
 * - The server coming back while the browser stayed online (a restart, a Wi-Fi whose uplink returns
 *   later) is the connection coming back for the app: the first answer after a failure dispatches
 *   `online` on the window (only while the browser says it is online, so nothing ever sees an
 *   `online` that navigator.onLine contradicts), and every screen's read, the outbox and the live
 *   channel go at once instead of waiting out their timers; the offline badge ends with it.
 * - `onServerAnswered` is told of every good answer (a fresh read, a delivered write, the live
 *   stream opening): the outbox lifts its backoffs on it (sync-engine.ts), and the offline badge
 *   ends with the first one after it showed (`useGoodAnswers`, ui/offline-badge.tsx).
 */
import { useSyncExternalStore } from 'react';
import { createEmitter, createStore } from '../lib/store';

/** The last request got no answer. */
const unreachable = createStore(false);
/** Bumped on the browser's online/offline events, so subscribers re-read navigator.onLine. */
const browserFlag = createStore(0);

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function isOffline(): boolean {
  return browserOffline() || unreachable.get();
}

/** A request got no answer (offline, DNS, timeout). */
export function markNetworkFailure(): void {
  unreachable.set(true);
}

const answered = createEmitter();
/** How many good answers the page has had. */
const goodAnswers = createStore(0);

/** The count of good answers so far (a component re-renders on each). */
export const useGoodAnswers = () => useSyncExternalStore(goodAnswers.subscribe, goodAnswers.get, () => 0);

/** Called on every good answer from the server (see the header). */
export const onServerAnswered = answered.subscribe;

/** At most one `online` of ours in this long: a connection that flaps never restarts every read in a loop. */
const ONLINE_SPACING_MS = 5000;
let lastOnline = Number.NEGATIVE_INFINITY;

/** A request got an answer from the server. */
export function markNetworkSuccess(): void {
  if (!unreachable.get()) return;
  unreachable.set(false);
  if (typeof window === 'undefined' || browserOffline() || Date.now() - lastOnline < ONLINE_SPACING_MS)
    return;
  lastOnline = Date.now();
  // After the caller's own handling of the answer, never inside it.
  queueMicrotask(() => window.dispatchEvent(new Event('online')));
}

/** A good answer (2xx) from the server: it is reachable and working. */
export function markServerAnswered(): void {
  markNetworkSuccess();
  goodAnswers.update((count) => count + 1);
  answered.emit();
}

export function subscribeConnectivity(listener: () => void): () => void {
  const stopUnreachable = unreachable.subscribe(listener);
  const stopBrowser = browserFlag.subscribe(listener);
  return () => {
    stopUnreachable();
    stopBrowser();
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachable.set(false);
    browserFlag.update((count) => count + 1);
  });
  window.addEventListener('offline', () => browserFlag.update((count) => count + 1));
}

/** True while the app cannot reach the server. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}
