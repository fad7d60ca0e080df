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
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store';

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

/** A request got an answer from the server. */
export function markNetworkSuccess(): void {
  unreachable.set(false);
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
