/**
 * How old the data on screen is: every read answered from the device (by the service worker or
 * the api client) notes its stored time here; a fresh answer from the server clears it. The shared
 * badge reads the oldest such time ("Offline · data as of 10:42 AM"). A fresh answer is also a good
 * answer from the server (connectivity.ts `markServerAnswered`): the server is back.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store';
import { markServerAnswered } from './connectivity';

/** The stored time of the oldest cached answer shown since the last fresh one, or null. */
const oldest = createStore<number | null>(null);

export function noteServedFromCache(storedAt: number): void {
  const current = oldest.get();
  if (!Number.isFinite(storedAt) || (current !== null && current <= storedAt)) return;
  oldest.set(storedAt);
}

export function noteFresh(): void {
  oldest.set(null);
  markServerAnswered();
}

export const cachedAsOf = () => oldest.get();

export function useCachedAsOf(): number | null {
  return useSyncExternalStore(oldest.subscribe, cachedAsOf, () => null);
}
