/**
 * How old the data on screen is: every read answered from the device (by the service worker or
 * the api client) notes its stored time here; a fresh answer from the server clears it. The shared
 * badge reads the oldest such time ("Offline · data as of 10:42 AM").
 */
import { useSyncExternalStore } from 'react';

let oldest: number | null = null;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

export function noteServedFromCache(storedAt: number): void {
  if (!Number.isFinite(storedAt) || (oldest !== null && oldest <= storedAt)) return;
  oldest = storedAt;
  publish();
}

export function noteFresh(): void {
  if (oldest === null) return;
  oldest = null;
  publish();
}

export const cachedAsOf = () => oldest;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored time of the oldest cached answer shown since the last fresh one, or null. */
export function useCachedAsOf(): number | null {
  return useSyncExternalStore(subscribe, cachedAsOf, () => null);
}
