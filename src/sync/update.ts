/**
 * A new version of the app waiting to take over (its service worker installed and waiting). The
 * page shows "A new version is available - Reload"; only the user's click switches versions, so a
 * half-typed form is never lost to a forced reload.
 */
import { useSyncExternalStore } from 'react';

let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

/** Called by the registration code when a version waits; `activate` switches to it and reloads. */
export function offerUpdate(activate: () => void): void {
  apply = activate;
  publish();
}

export const updateWaiting = () => apply !== null;

export function applyUpdate(): void {
  apply?.();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, updateWaiting, () => false);
}
