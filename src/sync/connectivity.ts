/**
 * Whether the app can reach the server: the browser's own online flag, corrected by what requests
 * actually experience (a request that got no answer means offline even when the flag says online;
 * any real answer means online again). Used by the sync indicator, the badge and the sender.
 */
import { useSyncExternalStore } from 'react';

let unreachable = false;
const listeners = new Set<() => void>();

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function publish() {
  for (const listener of listeners) listener();
}

export function isOffline(): boolean {
  return browserOffline() || unreachable;
}

/** A request got no answer (offline, DNS, timeout). */
export function markNetworkFailure(): void {
  if (unreachable) return;
  unreachable = true;
  publish();
}

/** A request got an answer from the server. */
export function markNetworkSuccess(): void {
  if (!unreachable) return;
  unreachable = false;
  publish();
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    // Optimistic: the next request proves it either way.
    unreachable = false;
    publish();
  });
  window.addEventListener('offline', publish);
}

/** True while the app cannot reach the server. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}
