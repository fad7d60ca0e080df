/**
 * The device's storage for offline use: asking the browser to keep it (persist) and noticing when
 * it is full. Runs in pages and in the service worker (no React, no DOM beyond `navigator`).
 *
 * - A full quota is state, never a crash: writers catch it, call `reportStorageFull()` and carry
 *   on without the copy; the page shows STORAGE_FULL_MESSAGE once per burst.
 * - The persistence answer is state too (`persistState`): a refusal is told once per device
 *   (ui/storage-notice.tsx), since the browser may then clear offline data under storage pressure.
 */
import { createEmitter, createStore } from '../lib/store';

export const STORAGE_FULL_MESSAGE =
  'This device is out of storage space, so some pages and changes cannot be kept for offline use. Free up space, then try again.';

/** True for IndexedDB / Cache Storage quota failures, however Dexie wraps them. */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError' || name === 'QuotaExceeded') return true;
    current = inner;
  }
  return false;
}

const storageFull = createEmitter();

/** Tells whoever listens (the page's message, or the worker's clients) that storage is full. */
export function reportStorageFull(): void {
  storageFull.emit();
}

export function onStorageFull(listener: () => void): () => void {
  return storageFull.subscribe(listener);
}

/**
 * What the browser said when asked to keep this origin's data: `refused` is the one the user is
 * told about (ui/storage-notice.tsx); `unsupported` (no API) and `unknown` (not asked yet) say
 * nothing either way.
 */
export type PersistState = 'unknown' | 'persisted' | 'refused' | 'unsupported';
export const persistState = createStore<PersistState>('unknown');

let persistAsked = false;

/**
 * Asks the browser not to evict this origin's data (called after sign-in, once per page). Answers
 * whether storage is persistent, and publishes the answer (persistState); never throws (older
 * browsers lack the API).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked) return persistState.get() === 'persisted';
  persistAsked = true;
  try {
    // persist() is a window API (absent from the worker's types): typed here as optional.
    const storage = (typeof navigator === 'undefined' ? undefined : navigator.storage) as
      | (StorageManager & { persist?: () => Promise<boolean> })
      | undefined;
    if (!storage?.persist) {
      persistState.set('unsupported');
      return false;
    }
    const kept = (await storage.persisted?.()) || (await storage.persist());
    persistState.set(kept ? 'persisted' : 'refused');
    return kept;
  } catch (error) {
    console.warn('Could not ask for persistent storage', error);
    persistState.set('unsupported');
    return false;
  }
}
