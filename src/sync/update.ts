/**
 * A new version of the app waiting to take over (its service worker installed and waiting). The
 * page shows "A new version is available - Reload"; only the user's click switches versions, so a
 * half-typed form is never lost to a forced reload.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store';

/** How to switch to the waiting version, or null while none waits. */
const waiting = createStore<(() => void) | null>(null);

/** Called by the registration code when a version waits; `activate` switches to it and reloads. */
export function offerUpdate(activate: () => void): void {
  waiting.set(activate);
}

export const updateWaiting = () => waiting.get() !== null;

export function applyUpdate(): void {
  waiting.get()?.();
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(waiting.subscribe, updateWaiting, () => false);
}
